'use client';
// Dark mode: follows the system until the learner chooses; the choice is remembered in
// localStorage and applied before first paint by THEME_SCRIPT (no flash of the wrong theme).
import { useEffect, useState } from 'react';

export const THEME_STORAGE_KEY = 'reconcile-theme';

/** Runs in <head> before the body paints. Kept tiny and dependency-free. */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');var d=t==='dark'||(t!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.dataset.theme=d?'dark':'light';r.style.colorScheme=d?'dark':'light';}catch(e){}})();`;

function currentTheme(): 'dark' | 'light' {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** `label`: the button's name, translated by the server (no translator in the shell). */
export function ThemeToggle({ label }: { label: string }) {
  const [theme, setTheme] = useState<'dark' | 'light' | null>(null);

  useEffect(() => {
    setTheme(currentTheme());
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (localStorage.getItem(THEME_STORAGE_KEY)) return; // an explicit choice wins
      apply(media.matches ? 'dark' : 'light', false);
    };
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  function apply(next: 'dark' | 'light', remember: boolean) {
    const root = document.documentElement;
    root.dataset.theme = next;
    root.style.colorScheme = next;
    if (remember) localStorage.setItem(THEME_STORAGE_KEY, next);
    setTheme(next);
  }

  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={theme === 'dark'}
      onClick={() => apply(currentTheme() === 'dark' ? 'light' : 'dark', true)}
      title={label}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
