import { findDates } from './dates';
import { fold } from './fold';

/** Captions of the date a document was issued on (folded). */
const ISSUE_LABELS = [
  'date',
  'dated',
  'issue date',
  'date of issue',
  'issued',
  'issued on',
  'statement date',
  'bill date',
  'invoice date',
  'letter date',
  'datum',
  'rechnungsdatum',
  'ausstellungsdatum',
  'ausgestellt am',
  'erstellt am',
  'bescheiddatum',
  'дата',
  'дата видачі',
  'дата складання',
];
/**
 * Captions of other dates a bill prints (due dates, billing periods, readings, birth). Checked before the issue
 * captions, which they often contain ("due date", "Fälligkeitsdatum", "Geburtsdatum").
 */
const OTHER_DATE_LABELS = [
  'due',
  'payable',
  'pay by',
  'period',
  'until',
  'valid',
  'next',
  'reading',
  'birth',
  'since',
  'faellig',
  'fallig',
  'zahlbar',
  'zahlungsziel',
  'zeitraum',
  'bis',
  'ablese',
  'zahlerstand',
  'geburt',
  'gultig',
  'abbuchung',
  'lastschrift',
  'termin',
  'beginn',
  'start',
  'renewal',
  'expir',
  'ende',
  'сплатити',
  'період',
  'до',
];

type Caption = 'issue' | 'other' | 'none';

/** What the words just before a date (or alone on the line above it) say it is. */
function captionOf(text: string): Caption {
  const words = fold(text)
    .replace(/[^\p{L}\d ]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(-4);
  if (words.length === 0) return 'none';
  const tail = words.join(' ');
  if (
    OTHER_DATE_LABELS.some((l) => (l.includes(' ') ? tail.includes(l) : words.some((w) => w === l || (l.length >= 4 && w.startsWith(l)))))
  )
    return 'other';
  const last = words[words.length - 1];
  if (ISSUE_LABELS.some((l) => tail.endsWith(l)) || last.endsWith('datum') || last.endsWith('date')) return 'issue';
  return 'none';
}

interface Candidate {
  iso: string;
  score: number;
  order: number;
}

/**
 * The issue date among a page's dates: one captioned as the issue date (beside it, or alone on the line
 * above) beats an uncaptioned one ("Berlin, 12.03.2026"), which beats one captioned as another date (due date,
 * period) or one of two on a line (a period "01.01.–31.01.2026"). Ties go to the first on the page: letters and
 * bills print their date at the top, due dates and periods further down.
 */
export function findIssueDate(lines: readonly string[]): string | null {
  const candidates: Candidate[] = [];
  lines.forEach((line, index) => {
    const dates = findDates(line);
    const folded = fold(line);
    dates.forEach((date, k) => {
      const before = folded.slice(k > 0 ? dates[k - 1].end : 0, date.start);
      let caption = captionOf(before);
      if (caption === 'none' && before.replace(/[\s:.,-]/g, '').length === 0 && index > 0 && findDates(lines[index - 1]).length === 0)
        caption = captionOf(lines[index - 1]);
      let score = caption === 'issue' ? 3 : caption === 'other' ? 0 : 1;
      if (dates.length > 1 && caption !== 'issue') score = Math.min(score, 0.5);
      candidates.push({ iso: date.iso, score, order: candidates.length });
    });
  });
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  return candidates[0].score > 0 ? candidates[0].iso : null;
}
