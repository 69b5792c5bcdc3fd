// Any unknown path under a locale renders the localized not-found page.
import { notFound } from 'next/navigation';

export default function CatchAll() {
  notFound();
}
