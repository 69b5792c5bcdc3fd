// The real root layout is app/[locale]/layout.tsx (it knows the language for <html lang>).
// This one exists for Next's root not-found handling and passes children through.
import type { ReactNode } from 'react';
import '@fontsource-variable/noto-sans-kr';
import './globals.css';

export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
