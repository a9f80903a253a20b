import type { Catalogue } from './en';

/** Every string of the hosted page in German (the spec's default language, 2.1). */
export const de: Catalogue = {
  pageTitle: 'Identitätsprüfung',
  loading: 'Ihre Prüfung wird geladen…',
  consent: {
    heading: 'Bevor es losgeht',
    textVersion: 'widget-consent-2026-11-de',
    paragraphs: [
      'Um Ihre Identität zu prüfen, fotografieren wir Ihr Ausweisdokument und nehmen ein Selfie auf, und vergleichen das Gesicht auf dem Dokument mit Ihrem Selfie.',
      'Diese Fotos enthalten biometrische Daten. Sie werden nur verarbeitet, um Ihre Identität für den Dienst zu prüfen, der Sie hierher geschickt hat, und so lange gespeichert, wie es dessen Datenschutzerklärung angibt.',
      'Sie können jederzeit abbrechen, indem Sie diese Seite schließen.',
    ],
    agree: 'Ich stimme zu, weiter',
  },
  documentType: {
    heading: 'Welches Dokument möchten Sie verwenden?',
    legend: 'Dokumentart',
    passport: 'Reisepass',
    id_card: 'Personalausweis',
    driver_license: 'Führerschein',
    residence_permit: 'Aufenthaltstitel',
    continue: 'Weiter',
  },
  capture: {
    headingFront: 'Fotografieren Sie die Vorderseite Ihres Dokuments',
    headingBack: 'Fotografieren Sie die Rückseite Ihres Dokuments',
    headingMain: 'Fotografieren Sie die Datenseite Ihres Reisepasses',
    hintDocument: 'Legen Sie das Dokument in den Rahmen, auf einen dunklen Untergrund, ohne Spiegelungen.',
    headingSelfie: 'Nehmen Sie ein Selfie auf',
    hintSelfie: 'Schauen Sie direkt in die Kamera, das Gesicht im Oval, bei gutem Licht.',
    cameraLabel: 'Kameravorschau',
    takePhoto: 'Foto aufnehmen',
    useFile: 'Stattdessen ein Foto hochladen',
    chooseFile: 'Foto auswählen',
    noCamera: 'Keine Kamera verfügbar. Bitte laden Sie ein Foto hoch.',
    noCameraNoUpload:
      'Keine Kamera verfügbar, und dieser Dienst nimmt keine hochgeladenen Fotos an. Bitte öffnen Sie diese Seite auf einem Gerät mit Kamera.',
    uploading: 'Ihr Foto wird geprüft…',
    checkingLiveness: 'Es wird geprüft, ob das Selfie live ist…',
  },
  retake: {
    heading: 'Bitte nehmen Sie das Foto noch einmal auf',
    again: 'Noch einmal aufnehmen',
    reasons: {
      WRONG_SIDE_BACK_UPLOADED: 'Das sieht nach der Rückseite aus. Bitte fotografieren Sie die Vorderseite.',
      PORTRAIT_NOT_DETECTED:
        'Wir haben das Foto Ihres Gesichts auf dem Dokument nicht gefunden. Achten Sie darauf, dass das ganze Dokument im Rahmen ist.',
      MRZ_CROSS_LOW_SCORE:
        'Vorder- und Rückseite scheinen nicht zum selben Dokument zu gehören. Fotografieren Sie beide Seiten desselben Dokuments.',
      DOCUMENT_MIXING_SUSPECTED: 'Die beiden Seiten scheinen von verschiedenen Dokumenten zu stammen. Bitte verwenden Sie ein Dokument.',
      LOW_DETECTION_CONFIDENCE: 'Wir konnten das Dokument nicht deutlich erkennen. Halten Sie es flach und füllen Sie den Rahmen.',
      DOCUMENT_QUALITY_TOO_LOW: 'Das Foto ist zu unscharf oder zu dunkel. Halten Sie still und sorgen Sie für mehr Licht.',
      MRZ_DATA_UNREADABLE:
        'Die Zeichenzeilen unten auf dem Dokument sind nicht lesbar. Vermeiden Sie Spiegelungen und halten Sie sie im Rahmen.',
      SELFIE_NOT_LIVE:
        'Wir konnten nicht bestätigen, dass das Selfie eine echte Person zeigt. Fotografieren Sie keinen Bildschirm und kein gedrucktes Foto.',
      SELFIE_NO_FACE: 'Im Selfie wurde kein Gesicht gefunden. Halten Sie Ihr Gesicht im Oval.',
      SELFIE_QUALITY: 'Das Selfie ist nicht deutlich genug. Wenden Sie sich dem Licht zu und halten Sie still.',
      GENERIC: 'Das Foto konnte nicht verwendet werden. Bitte versuchen Sie es noch einmal.',
    },
  },
  proofOfAddress: {
    heading: 'Adressnachweis',
    hint: 'Laden Sie eine aktuelle Rechnung, einen Kontoauszug oder ein amtliches Schreiben mit Ihrem Namen und Ihrer Adresse hoch (PDF, JPG oder PNG).',
    fileLabel: 'Datei mit dem Adressnachweis',
    upload: 'Hochladen',
    uploading: 'Ihr Dokument wird gelesen…',
    rejected: 'Dieses Dokument wurde nicht angenommen. Bitte laden Sie ein aktuelles Dokument auf Ihren Namen hoch.',
  },
  processing: {
    heading: 'Wird geprüft…',
    body: 'Das dauert meist weniger als eine Minute. Bitte lassen Sie diese Seite geöffnet.',
  },
  actionRequired: {
    front: 'Wir brauchen ein neues Foto der Vorderseite Ihres Dokuments.',
    back: 'Wir brauchen ein neues Foto der Rückseite Ihres Dokuments.',
  },
  result: {
    completedHeading: 'Ihre Identität ist bestätigt',
    completedBody: 'Vielen Dank. Sie können diese Seite jetzt schließen.',
    reviewHeading: 'Vielen Dank, wir prüfen Ihre Unterlagen',
    reviewBody: 'Eine Person prüft Ihre Verifizierung. Der Dienst, der Sie hierher geschickt hat, teilt Ihnen das Ergebnis mit.',
    failedHeading: 'Wir konnten Ihre Identität nicht bestätigen',
    failedBody: 'Der Dienst, der Sie hierher geschickt hat, wurde informiert. Sie können diese Seite schließen.',
    expiredHeading: 'Dieser Link ist abgelaufen',
    expiredBody: 'Bitte kehren Sie zu dem Dienst zurück, der Sie hierher geschickt hat, und beginnen Sie neu.',
    closedHeading: 'Diese Prüfung ist bereits abgeschlossen',
    closedBody: 'Hier ist nichts mehr zu tun. Sie können diese Seite schließen.',
    invalidHeading: 'Dieser Link ist ungültig',
    invalidBody: 'Bitte öffnen Sie den Link, den der Dienst Ihnen geschickt hat, vollständig und unverändert.',
  },
  handoff: {
    heading: 'Auf dem Smartphone fortfahren',
    instructions:
      'Scannen Sie diesen Code mit der Kamera Ihres Smartphones und machen Sie die Fotos dort. Der Code gilt einmal, 10 Minuten lang.',
    codeLabel: 'QR-Code mit dem Link für Ihr Smartphone',
    waiting: 'Warten auf Ihr Smartphone…',
    opened: 'Ihr Smartphone hat die Verifizierung geöffnet. Folgen Sie dort den Schritten.',
    processing: 'Ihre Fotos werden geprüft…',
    actionRequired: 'Ihr Smartphone bittet noch einmal um eine Seite des Dokuments.',
    newCode: 'Neuen Code anzeigen',
    usedHeading: 'Dieser Link wurde bereits verwendet',
    usedBody: 'Jeder Link öffnet sich nur einmal. Scannen Sie den neuen Code auf Ihrem Computer.',
    lapsedHeading: 'Dieser Link ist abgelaufen',
    lapsedBody: 'Scannen Sie den neuen Code auf Ihrem Computer.',
  },
  error: {
    heading: 'Etwas ist schiefgelaufen',
    retry: 'Erneut versuchen',
    network: 'Die Verbindung ist fehlgeschlagen. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    rateLimited: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
    manualUploadDisabled: 'Dieser Dienst nimmt nur mit der Kamera aufgenommene Fotos an.',
  },
};
