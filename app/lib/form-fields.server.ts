/**
 * Reads a posted form keeping only the fields the form knows, before anything (Conform's parser,
 * a reply echoing the submission) expands names such as `x[99999999]` into arrays or objects:
 * one such 13-byte field used to make the server build a 30 MB reply, or run out of memory.
 *
 * Generic on purpose: a form passes the names its schema declares, so a new field just works.
 * Each kept field holds its first text value only (files and repeats are dropped). Returns null
 * when the body cannot be read as a form (malformed multipart, another content type): a 400.
 */
export async function readKnownFields(request: Request, allowed: Iterable<string>): Promise<FormData | null> {
  let posted: FormData;
  try {
    posted = await request.formData();
  } catch {
    return null;
  }
  const known = new FormData();
  for (const name of new Set(allowed)) {
    const value = posted.get(name);
    if (typeof value === "string") known.set(name, value);
  }
  return known;
}
