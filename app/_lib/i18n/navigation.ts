// Locale-aware Link, redirect and router: the app never builds /ko or /en by hand.
import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
