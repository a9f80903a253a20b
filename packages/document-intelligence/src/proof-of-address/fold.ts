/** Lower case without diacritics ("März" → "marz", "Ausstellungsdatum" stays): for keyword and label matching. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
