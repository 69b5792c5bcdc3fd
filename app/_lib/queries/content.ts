// The course content, read from content/ through the content loader. In production it
// is read once per process (content ships with the build); in development on every
// request so an instructor sees an edit at once.
import 'server-only';
import path from 'node:path';
import { loadContent, type LoadedContent } from '../content/loader';

export const CONTENT_DIR = path.join(process.cwd(), 'content');

let cached: LoadedContent | undefined;

export function getContent(): LoadedContent {
  if (process.env.NODE_ENV !== 'production') return loadContent(CONTENT_DIR);
  cached ??= loadContent(CONTENT_DIR);
  return cached;
}
