/**
 * MRZ dates carry two-digit years. Birth dates are never in the future, so a year past today's belongs to the
 * previous century; expiry dates lie at most a few decades ahead, so they are read in the century that puts
 * them nearest to today (within +50/-50 years).
 */
export function birthDateFromMrz(yymmdd: string, now: Date): string | null {
  const parts = splitYymmdd(yymmdd);
  if (!parts) return null;
  const currentYY = now.getUTCFullYear() % 100;
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  const year = parts.yy > currentYY ? century - 100 + parts.yy : century + parts.yy;
  return isoDate(year, parts.mm, parts.dd);
}

export function expiryDateFromMrz(yymmdd: string, now: Date): string | null {
  const parts = splitYymmdd(yymmdd);
  if (!parts) return null;
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  let year = century + parts.yy;
  if (year - now.getUTCFullYear() > 50) year -= 100;
  if (now.getUTCFullYear() - year > 50) year += 100;
  return isoDate(year, parts.mm, parts.dd);
}

function splitYymmdd(text: string): { yy: number; mm: number; dd: number } | null {
  if (!/^[0-9]{6}$/.test(text)) return null;
  return { yy: Number(text.slice(0, 2)), mm: Number(text.slice(2, 4)), dd: Number(text.slice(4, 6)) };
}

/** YYYY-MM-DD, or null when the calendar has no such day (31 February, month 13). */
export function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
