{{/* Names: <release>-kyc-<app>, cut to 63 characters. */}}
{{- define "kyc.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "kyc.appName" -}}
{{- printf "%s-%s" (include "kyc.fullname" .root) .app | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The headless Service of a gRPC app: DNS answers one address per ready pod, and the callers' gRPC
clients (dns:///<this>:<port>, round robin) spread their calls over all of them. A ClusterIP Service
would not: gRPC keeps one HTTP/2 connection, so kube-proxy would pin each caller to one pod.
*/}}
{{- define "kyc.headlessName" -}}
{{- printf "%s-headless" (include "kyc.appName" . | trunc 54 | trimSuffix "-") -}}
{{- end -}}

{{- define "kyc.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: kyc
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: kyc
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Labels of one app's objects: the release's labels and the app's component. {root, app} */}}
{{- define "kyc.appLabels" -}}
{{ include "kyc.labels" .root }}
app.kubernetes.io/component: {{ .app }}
{{- end -}}

{{/* Selector labels of one app: {root, app}. */}}
{{- define "kyc.selectorLabels" -}}
app.kubernetes.io/name: kyc
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .app }}
{{- end -}}

{{- define "kyc.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{/*
The calls the architecture has (docs: ../shared/design/architecture.md, "Services and what each owns"):
the gateway calls every service (and asks each one's health for /healthz), the session service calls
the three analysis services and billing, biometrics asks document for the portrait. Each caller gets the
*_GRPC_URL of exactly these, and the NetworkPolicies allow exactly these.
*/}}
{{- define "kyc.calls" -}}
gateway: [session, document, biometrics, scoring, billing, webhook]
session: [document, biometrics, scoring, billing]
biometrics: [document]
document: []
scoring: []
billing: []
webhook: []
{{- end -}}

{{/* The apps with a Kafka client (producer or consumer): the outbox relay and the event consumers. */}}
{{- define "kyc.kafkaClients" -}}
[session, biometrics, billing, webhook]
{{- end -}}

{{/* The gRPC services, in port order. */}}
{{- define "kyc.grpcServices" -}}
[session, document, biometrics, scoring, billing, webhook]
{{- end -}}

{{/* The Secret of the service keys (values.yaml, serviceIdentity); never made by the chart. */}}
{{- define "kyc.serviceIdentitySecretName" -}}
{{- default (printf "%s-service-identity" (include "kyc.fullname" .)) .Values.serviceIdentity.existingSecret -}}
{{- end -}}

{{- define "kyc.secretName" -}}
{{- default (printf "%s-secrets" (include "kyc.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{/* The Secret and key holding DATABASE_URL. */}}
{{- define "kyc.databaseSecretName" -}}
{{- if .Values.postgresql.dev.enabled -}}
{{- printf "%s-database" (include "kyc.fullname" .) -}}
{{- else if .Values.postgresql.existingSecret -}}
{{- .Values.postgresql.existingSecret -}}
{{- else if .Values.postgresql.url -}}
{{- printf "%s-database" (include "kyc.fullname" .) -}}
{{- else -}}
{{- fail "PostgreSQL: set postgresql.existingSecret (a Secret with DATABASE_URL), postgresql.url, or postgresql.dev.enabled=true" -}}
{{- end -}}
{{- end -}}

{{/*
The Secret holding each app's own login (DATABASE_URL_<APP>), or nothing when the apps share
DATABASE_URL: logins off, or neither a logins Secret nor a database the chart knows.
*/}}
{{- define "kyc.serviceLoginsSecretName" -}}
{{- with .Values.postgresql.serviceLogins -}}
{{- if .enabled -}}
{{- if .existingSecret -}}
{{- .existingSecret -}}
{{- else if or $.Values.postgresql.dev.enabled (and (not $.Values.postgresql.existingSecret) $.Values.postgresql.url) -}}
{{- printf "%s-database-logins" (include "kyc.fullname" $) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The apps that log in to PostgreSQL, each as kyc_<app> with the key DATABASE_URL_<APP>. */}}
{{- define "kyc.databaseApps" -}}
gateway session document biometrics scoring billing webhook
{{- end -}}

{{- define "kyc.databaseSecretKey" -}}
{{- if and (not .Values.postgresql.dev.enabled) .Values.postgresql.existingSecret -}}
{{- .Values.postgresql.existingSecretKey -}}
{{- else -}}
DATABASE_URL
{{- end -}}
{{- end -}}

{{- define "kyc.kafkaBrokers" -}}
{{- if .Values.kafka.dev.enabled -}}
{{- printf "%s-kafka:9092" (include "kyc.fullname" .) -}}
{{- else if .Values.kafka.brokers -}}
{{- .Values.kafka.brokers -}}
{{- else -}}
{{- fail "Kafka: set kafka.brokers (host:port[,host:port…]) or kafka.dev.enabled=true" -}}
{{- end -}}
{{- end -}}

{{/* Egress rules every app pod needs: DNS and PostgreSQL. {root} */}}
{{- define "kyc.egressDnsAndDatabase" -}}
- to:
    - namespaceSelector:
        matchLabels: {{- toYaml .Values.networkPolicy.dnsNamespaceSelector | nindent 10 }}
  ports:
    - { protocol: UDP, port: 53 }
    - { protocol: TCP, port: 53 }
{{- if .Values.postgresql.dev.enabled }}
- to:
    - podSelector:
        matchLabels: {{- include "kyc.selectorLabels" (dict "root" . "app" "postgresql") | nindent 10 }}
  ports:
    - { protocol: TCP, port: 5432 }
{{- else }}
- {{- with .Values.postgresql.networkPolicyPeers }}
  to: {{- toYaml . | nindent 4 }}
  {{- end }}
  ports:
    - { protocol: TCP, port: {{ .Values.postgresql.port }} }
{{- end }}
{{- end -}}

{{- define "kyc.egressKafka" -}}
{{- if .Values.kafka.dev.enabled }}
- to:
    - podSelector:
        matchLabels: {{- include "kyc.selectorLabels" (dict "root" . "app" "kafka") | nindent 10 }}
  ports:
    - { protocol: TCP, port: 9092 }
{{- else }}
- {{- with .Values.kafka.networkPolicyPeers }}
  to: {{- toYaml . | nindent 4 }}
  {{- end }}
  ports:
    - { protocol: TCP, port: {{ .Values.kafka.port }} }
{{- end }}
{{- end -}}

{{- define "kyc.podSecurity" -}}
securityContext: {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- end -}}

{{/*
How the migrations run. Against an external PostgreSQL: a pre-install/pre-upgrade hook, so no service
starts on an old schema. The development PostgreSQL is itself an object of the release and does not
exist before the install's hooks, so there the Job is an ordinary object of each revision (named by the
revision), retried until the database answers; the services' probes keep them out of traffic until
their schema is there. Prints "true" for the hook form.
*/}}
{{- define "kyc.migrationsAsHook" -}}
{{- if not .Values.postgresql.dev.enabled -}}true{{- end -}}
{{- end -}}
