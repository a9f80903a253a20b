// Command compose-check loads docker-compose.yml with compose-go, the library Docker Compose itself
// loads files with: the Compose Specification's JSON schema, interpolation, YAML merge keys and
// references between services (depends_on) are checked as `docker compose config` would check them,
// without a container engine. Then it checks what this repository promises of its compose file
// (README, "Operate"): every app runs from the image, events go through Kafka, nothing starts before
// the one-shot migrations, and every app container is hardened.
//
// Usage: compose-check path/to/docker-compose.yml   (exit 1 listing every problem)
package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

var apps = []string{"gateway", "session", "document", "biometrics", "scoring", "billing", "webhook"}

// The variables an operator must set (the file refuses to start without them); placeholders here.
var requiredSecrets = map[string]string{
	"EMBED_TOKEN_SECRET":        strings.Repeat("e", 32),
	"ADMIN_TOKEN":               strings.Repeat("a", 24),
	"DOCUMENT_ENCRYPTION_KEY":   strings.Repeat("0", 64),
	"DUPLICATE_KEY_SECRET":      strings.Repeat("d", 32),
	"BIOMETRICS_ENCRYPTION_KEY": strings.Repeat("1", 64),
	// Service identity (node packages/grpc/dist/service-keys.js); the file only passes them through.
	"SERVICE_PUBLIC_KEYS":            "gateway:placeholder",
	"GATEWAY_SERVICE_PRIVATE_KEY":    "placeholder",
	"SESSION_SERVICE_PRIVATE_KEY":    "placeholder",
	"BIOMETRICS_SERVICE_PRIVATE_KEY": "placeholder",
}

func init() {
	// One database login per service (the migrations create the roles from these passwords).
	for _, app := range apps {
		requiredSecrets["KYC_DB_PASSWORD_"+strings.ToUpper(app)] = "pw" + app
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-check docker-compose.yml")
		os.Exit(2)
	}
	project, err := load(os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "compose-check: %s does not load: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	problems := check(project)
	if len(problems) > 0 {
		for _, problem := range problems {
			fmt.Fprintf(os.Stderr, "compose-check: %s\n", problem)
		}
		os.Exit(1)
	}
	fmt.Printf("compose-check: %s valid (%d services)\n", os.Args[1], len(project.Services))
}

func load(file string) (*types.Project, error) {
	env := []string{}
	for key, value := range requiredSecrets {
		env = append(env, key+"="+value)
	}
	options, err := cli.NewProjectOptions([]string{file}, cli.WithEnv(env), cli.WithName("kyc"))
	if err != nil {
		return nil, err
	}
	return options.LoadProject(context.Background())
}

func check(project *types.Project) []string {
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	kafka, ok := project.Services["kafka"]
	if !ok {
		fail("no kafka service")
	} else if !strings.HasPrefix(kafka.Image, "apache/kafka:3.9") {
		fail("kafka runs %q, not the official apache/kafka 3.9 image", kafka.Image)
	} else if roles := kafka.Environment["KAFKA_PROCESS_ROLES"]; roles == nil || *roles != "broker,controller" {
		fail("kafka is not a KRaft broker and controller (KAFKA_PROCESS_ROLES)")
	}
	if _, ok := project.Services["postgres"]; !ok {
		fail("no postgres service")
	}
	migrate, ok := project.Services["migrate"]
	if !ok {
		fail("no migrate service")
	} else if strings.Join(migrate.Command, " ") != "sh deploy/docker/migrate-all.sh" {
		fail("migrate runs %q, not deploy/docker/migrate-all.sh", strings.Join(migrate.Command, " "))
	}

	for _, app := range apps {
		service, ok := project.Services[app]
		if !ok {
			fail("no %s service", app)
			continue
		}
		if want := "node apps/" + app + "/dist/main.js"; strings.Join(service.Command, " ") != want {
			fail("%s runs %q, not %q", app, strings.Join(service.Command, " "), want)
		}
		if service.Image != migrate.Image {
			fail("%s runs image %q, migrations run %q: one image for all", app, service.Image, migrate.Image)
		}
		if brokers := service.Environment["KAFKA_BROKERS"]; brokers == nil || *brokers != "kafka:9092" {
			fail("%s: KAFKA_BROKERS is not kafka:9092, so its events would not go through Kafka", app)
		}
		if url := service.Environment["DATABASE_URL"]; url == nil || !strings.Contains(*url, "@postgres:5432/") {
			fail("%s: DATABASE_URL does not point at the postgres service", app)
		} else if want := "postgres://kyc_" + app + ":pw" + app + "@"; !strings.HasPrefix(*url, want) {
			fail("%s: DATABASE_URL does not log in as kyc_%s with its own password", app, app)
		} else if login := migrate.Environment["DATABASE_URL_"+strings.ToUpper(app)]; login == nil || *login != *url {
			fail("%s: the migrations do not create its login (DATABASE_URL_%s differs from its DATABASE_URL)", app, strings.ToUpper(app))
		}
		if dependency, ok := service.DependsOn["migrate"]; !ok || dependency.Condition != types.ServiceConditionCompletedSuccessfully {
			fail("%s may start before the migrations completed", app)
		}
		if dependency, ok := service.DependsOn["kafka"]; !ok || dependency.Condition != types.ServiceConditionHealthy {
			fail("%s may start before Kafka is healthy", app)
		}
		if !service.ReadOnly {
			fail("%s: the root filesystem is not read-only", app)
		}
		if !contains(service.CapDrop, "ALL") {
			fail("%s: capabilities are not dropped", app)
		}
		if app != "gateway" {
			if listen := service.Environment["GRPC_URL"]; listen == nil || !strings.HasPrefix(*listen, "0.0.0.0:") {
				fail("%s: GRPC_URL does not listen on all interfaces", app)
			}
		}
	}
	gateway := project.Services["gateway"]
	for _, app := range apps[1:] {
		if dependency, ok := gateway.DependsOn[app]; !ok || dependency.Condition != types.ServiceConditionHealthy {
			fail("the gateway may start before %s is healthy", app)
		}
		want := fmt.Sprintf("%s:%d", app, 50051+indexOf(apps[1:], app))
		if url := gateway.Environment[strings.ToUpper(app)+"_GRPC_URL"]; url == nil || *url != want {
			fail("the gateway does not call %s at %s", app, want)
		}
	}
	sort.Strings(problems)
	return problems
}

func contains(values []string, wanted string) bool {
	for _, value := range values {
		if value == wanted {
			return true
		}
	}
	return false
}

func indexOf(values []string, wanted string) int {
	for i, value := range values {
		if value == wanted {
			return i
		}
	}
	return -1
}
