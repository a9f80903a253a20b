/**
 * The e-mail search key (issue 29 item 4): the hex SHA-256 of the e-mail trimmed and lower-cased,
 * the form the session service stores it in (clientMetadata.email, normalised). The dashboard
 * hashes in the browser (Web Crypto), so the address itself never reaches the server or a URL,
 * nor the audit log; a 64-hex value typed in is taken as a hash already.
 */
export async function emailSearchHash(input: string): Promise<string> {
  const value = input.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return value.toLowerCase();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value.toLowerCase()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
