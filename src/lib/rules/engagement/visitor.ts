/**
 * The analytics visitor id (spec §3): a random id kept in localStorage with the fingerprint of the
 * browser it was made for, and replaced when that fingerprint changes (another browser profile
 * copied over, a new device). The fingerprint is deliberately coarse — user agent, language,
 * screen size, time zone — and only its hash is stored.
 */
export interface FingerprintInput {
  userAgent: string;
  language: string;
  screen: string;
  timeZone: string;
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to notice a change, not to identify anyone. */
export function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function fingerprint(input: FingerprintInput): string {
  return hash([input.userAgent, input.language, input.screen, input.timeZone].join('\u0000'));
}

export interface VisitorRecord {
  id: string;
  fingerprint: string;
}

/**
 * The visitor id for this fingerprint: the stored one when it was made for the same fingerprint,
 * else a new one. `store` is the record to write back, or null when nothing changed.
 */
export function resolveVisitor(
  stored: string | null,
  print: string,
  makeId: () => string,
): { id: string; store: VisitorRecord | null } {
  try {
    const record = stored ? (JSON.parse(stored) as Partial<VisitorRecord> | null) : null;
    if (record && typeof record.id === 'string' && record.id && record.fingerprint === print) {
      return { id: record.id, store: null };
    }
  } catch {
    // unreadable: start afresh
  }
  const id = makeId();
  return { id, store: { id, fingerprint: print } };
}

/** This browser's fingerprint inputs. */
export function browserFingerprint(): string {
  return fingerprint({
    userAgent: navigator.userAgent,
    language: navigator.language,
    screen: `${screen.width}x${screen.height}`,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  });
}
