/**
 * Field labels of the visual zone in English, German and French (ICAO 9303 part 3 field captions and the
 * national wordings seen on EU cards). Matched on text folded to lower-case ASCII; order matters: longer,
 * more specific labels first so "date of birth" is not taken for "birth" of "place of birth".
 */
export type VizFieldName =
  'surname' | 'givenNames' | 'birthDate' | 'sex' | 'nationality' | 'documentNumber' | 'issueDate' | 'expiryDate' | 'placeOfBirth';

export const VIZ_LABELS: { field: VizFieldName; labels: string[] }[] = [
  { field: 'placeOfBirth', labels: ['place of birth', 'lieu de naissance', 'geburtsort', 'ne a', 'nee a', '^a:'] },
  {
    field: 'birthDate',
    labels: ['date of birth', 'date de naissance', 'geburtsdatum', 'geboren am', 'nee le', 'ne le', 'nele', 'birth date'],
  },
  {
    field: 'expiryDate',
    labels: [
      'date of expiry',
      "date d'expiration",
      'date dexpiration',
      'date d expiration',
      'gultig bis',
      'ablaufdatum',
      'valid until',
      'expiry date',
      'expiry',
      'expires',
    ],
  },
  {
    field: 'issueDate',
    labels: ['date of issue', 'date de delivrance', 'ausstellungsdatum', 'datum der ausstellung', 'issue date', 'issued on', 'delivree le'],
  },
  {
    field: 'givenNames',
    labels: ['given names', 'given name', 'forenames', 'first names', 'first name', 'prenoms', 'prenom', 'vornamen', 'vorname'],
  },
  { field: 'surname', labels: ['surname', 'family name', 'last name', 'familienname', 'nachname', 'nom', 'name'] },
  { field: 'sex', labels: ['sex', 'sexe', 'geschlecht'] },
  { field: 'nationality', labels: ['nationality', 'nationalite', 'staatsangehorigkeit', 'nationalitat'] },
  {
    field: 'documentNumber',
    labels: [
      'document number',
      'document no',
      'passport no',
      'passport number',
      'card no',
      'no du document',
      'numero du document',
      'ausweisnummer',
      'pass-nr',
      'passnummer',
      'dokumentennummer',
      'carte nationale didentite n',
      'n°',
    ],
  },
];

/** Lower-case, accents removed (é→e, ä→a), brackets dropped ("Prénom(s)", "Né(e)"): labels are matched on this form.
 *  Works per character so positions in the folded text map back to the original. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[()（）]/g, '')
    .replace(/[：]/g, ':')
    .toLowerCase();
}

/**
 * Compact form for comparing OCR'd captions with labels: spaces, apostrophes and dots dropped (OCR glues and
 * splits caption words: "dateof expiry", "guiltig bis") and "rn" written "m" (the classic OCR merge: "sumame").
 */
function compactLabel(text: string): string {
  return text.replace(/[\s'.\-]/g, '').replace(/rn/g, 'm');
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Typos allowed per label length: none below 6 compact characters ("nom", "sexe" could be values), 1 up to 11, then 2. */
function allowedTypos(length: number): number {
  if (length < 6) return 0;
  return length < 12 ? 1 : 2;
}

const COMPACT_LABELS = VIZ_LABELS.flatMap(({ field, labels }) =>
  labels.filter((label) => !label.startsWith('^')).map((label) => ({ field, compact: compactLabel(label) })),
).filter(({ compact }) => compact.length >= 5);

/**
 * The field whose caption `folded` (folded text, no digits) is, allowing for the OCR's usual slips — a letter
 * wrong, dropped or added, "rn" read "m", words glued or split: "sumame", "nationalty", "dale of expiry",
 * "guiltigbis", "n du docun ment". Null when nothing is close enough.
 */
export function fuzzyLabelField(folded: string): VizFieldName | null {
  if (/[0-9]/.test(folded)) return null;
  const compact = compactLabel(folded);
  if (compact.length < 5) return null;
  let best: { field: VizFieldName; distance: number } | null = null;
  for (const { field, compact: label } of COMPACT_LABELS) {
    const limit = allowedTypos(label.length);
    const distance = editDistance(compact, label, limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { field, distance };
  }
  return best?.field ?? null;
}

/** A caption, misread (fuzzyLabelField) or cut short by the OCR ("lieud" of "Lieu de naissance"): never a value. */
export function looksLikeCaption(folded: string): boolean {
  if (fuzzyLabelField(folded) !== null) return true;
  const compact = compactLabel(folded);
  return (
    compact.length >= 4 &&
    !/[0-9]/.test(compact) &&
    COMPACT_LABELS.some((label) => label.compact.length > compact.length && label.compact.startsWith(compact))
  );
}
