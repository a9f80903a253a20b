/**
 * Field labels of the visual zone in English, German and French (ICAO 9303 part 3 field captions and the
 * national wordings seen on EU cards). Matched on text folded to lower-case ASCII; order matters: longer,
 * more specific labels first so "date of birth" is not taken for "birth" of "place of birth".
 */
export type VizFieldName =
  | 'surname' | 'givenNames' | 'birthDate' | 'sex' | 'nationality' | 'documentNumber' | 'issueDate' | 'expiryDate' | 'placeOfBirth';

export const VIZ_LABELS: { field: VizFieldName; labels: string[] }[] = [
  { field: 'placeOfBirth', labels: ['place of birth', 'lieu de naissance', 'geburtsort', 'ne a', 'nee a', '^a:'] },
  { field: 'birthDate', labels: ['date of birth', 'date de naissance', 'geburtsdatum', 'geboren am', 'nee le', 'ne le', 'nele', 'birth date'] },
  { field: 'expiryDate', labels: ['date of expiry', "date d'expiration", 'date dexpiration', 'date d expiration', 'gultig bis', 'ablaufdatum', 'valid until', 'expiry date', 'expiry', 'expires'] },
  { field: 'issueDate', labels: ['date of issue', 'date de delivrance', 'ausstellungsdatum', 'datum der ausstellung', 'issue date', 'issued on', 'delivree le'] },
  { field: 'givenNames', labels: ['given names', 'given name', 'forenames', 'first names', 'first name', 'prenoms', 'prenom', 'vornamen', 'vorname'] },
  { field: 'surname', labels: ['surname', 'family name', 'last name', 'familienname', 'nachname', 'nom', 'name'] },
  { field: 'sex', labels: ['sex', 'sexe', 'geschlecht'] },
  { field: 'nationality', labels: ['nationality', 'nationalite', 'staatsangehorigkeit', 'nationalitat'] },
  { field: 'documentNumber', labels: ['document number', 'document no', 'passport no', 'passport number', 'card no', 'no du document', 'numero du document', 'ausweisnummer', 'pass-nr', 'passnummer', 'dokumentennummer', 'carte nationale didentite n', 'n°'] },
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
