/**
 * Every string the hosted page shows, in English. de.ts and uk.ts must have the same keys
 * (the Catalogue type below makes a missing key a build error).
 */
export const en = {
  pageTitle: 'Identity verification',
  loading: 'Loading your verification…',
  consent: {
    heading: 'Before we start',
    /** The wording's version, recorded with the consent (spec 2.10); change it whenever the text changes. */
    textVersion: 'widget-consent-2026-11-en',
    paragraphs: [
      'To verify your identity we take photos of your identity document and a selfie, and compare the face on the document with your selfie.',
      'These photos contain biometric data. They are processed only to verify your identity for the service that sent you here, and are kept as that service’s privacy policy states.',
      'You can stop at any time by closing this page.',
    ],
    agree: 'I agree, continue',
  },
  documentType: {
    heading: 'Which document will you use?',
    legend: 'Document type',
    passport: 'Passport',
    id_card: 'Identity card',
    driver_license: 'Driving licence',
    residence_permit: 'Residence permit',
    continue: 'Continue',
  },
  capture: {
    headingFront: 'Photograph the front of your document',
    headingBack: 'Photograph the back of your document',
    headingMain: 'Photograph the photo page of your passport',
    hintDocument: 'Place the document inside the frame, on a dark surface, with no glare.',
    headingSelfie: 'Take a selfie',
    hintSelfie: 'Look straight at the camera, face inside the oval, in good light.',
    cameraLabel: 'Camera preview',
    takePhoto: 'Take photo',
    useFile: 'Upload a photo instead',
    chooseFile: 'Choose a photo',
    noCamera: 'No camera is available. Please upload a photo.',
    noCameraNoUpload:
      'No camera is available and this service does not accept uploaded photos. Please open this page on a device with a camera.',
    uploading: 'Checking your photo…',
    checkingLiveness: 'Checking that the selfie is live…',
  },
  retake: {
    heading: 'Please take the photo again',
    again: 'Take it again',
    /** Per `details.reasonCode` of KYC_007 / KYC_015 (document) and the selfie checks. */
    reasons: {
      WRONG_SIDE_BACK_UPLOADED: 'This looks like the back of the document. Please photograph the front.',
      PORTRAIT_NOT_DETECTED: 'We could not find the photo of your face on the document. Make sure the whole document is in the frame.',
      MRZ_CROSS_LOW_SCORE: 'The front and the back do not seem to belong to the same document. Photograph both sides of the same document.',
      DOCUMENT_MIXING_SUSPECTED: 'The two sides seem to come from different documents. Please use one document.',
      LOW_DETECTION_CONFIDENCE: 'We could not recognise the document clearly. Hold it flat and fill the frame.',
      DOCUMENT_QUALITY_TOO_LOW: 'The photo is too blurry or too dark. Hold still and use more light.',
      MRZ_DATA_UNREADABLE: 'The lines of characters at the bottom of the document cannot be read. Avoid glare and keep them in the frame.',
      SELFIE_NOT_LIVE: 'We could not confirm that the selfie shows a live person. Do not photograph a screen or a printed photo.',
      SELFIE_NO_FACE: 'We could not find a face in the selfie. Keep your face inside the oval.',
      SELFIE_QUALITY: 'The selfie is not clear enough. Face the light and hold still.',
      GENERIC: 'The photo could not be used. Please try again.',
    },
  },
  proofOfAddress: {
    heading: 'Proof of address',
    hint: 'Upload a recent utility bill, bank statement or official letter showing your name and address (PDF, JPG or PNG).',
    fileLabel: 'Proof of address file',
    upload: 'Upload',
    uploading: 'Reading your document…',
    rejected: 'This document could not be accepted. Please upload a recent document in your name.',
  },
  processing: {
    heading: 'Verifying…',
    body: 'This usually takes less than a minute. Please keep this page open.',
  },
  actionRequired: {
    front: 'We need a new photo of the front of your document.',
    back: 'We need a new photo of the back of your document.',
  },
  result: {
    completedHeading: 'You are verified',
    completedBody: 'Thank you. You can close this page now.',
    reviewHeading: 'Thank you, we are checking your documents',
    reviewBody: 'A person will review your verification. The service that sent you here will let you know the result.',
    failedHeading: 'We could not verify your identity',
    failedBody: 'The service that sent you here has been told. You can close this page.',
    expiredHeading: 'This link has expired',
    expiredBody: 'Please go back to the service that sent you here and start again.',
    closedHeading: 'This verification is already finished',
    closedBody: 'There is nothing more to do here. You can close this page.',
    invalidHeading: 'This link is not valid',
    invalidBody: 'Please open the link the service sent you, complete and unchanged.',
  },
  handoff: {
    heading: 'Continue on your phone',
    instructions: 'Scan this code with your phone’s camera and take the photos there. The code works once, for 10 minutes.',
    codeLabel: 'QR code with the link for your phone',
    waiting: 'Waiting for your phone…',
    opened: 'Your phone has opened the verification. Follow the steps there.',
    processing: 'Your photos are being checked…',
    actionRequired: 'Your phone asks for one side of the document again.',
    newCode: 'Show a new code',
    usedHeading: 'This link was already used',
    usedBody: 'Each link opens once. Scan the new code shown on your computer.',
    lapsedHeading: 'This link has expired',
    lapsedBody: 'Scan the new code shown on your computer.',
  },
  error: {
    heading: 'Something went wrong',
    retry: 'Try again',
    network: 'The connection failed. Check your internet connection and try again.',
    rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
    manualUploadDisabled: 'This service accepts photos taken with the camera only.',
  },
};

type Widen<T> = T extends string ? string : T extends readonly string[] ? readonly string[] : { [K in keyof T]: Widen<T[K]> };
export type Catalogue = Widen<typeof en>;
