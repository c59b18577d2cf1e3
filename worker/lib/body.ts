/** A body as JSON when it parses, else its text (null when empty): providers' answers and stored JSON columns alike. */
export function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
