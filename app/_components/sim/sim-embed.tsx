'use client';
// Lazy entry point of the cluster view: next/dynamic with ssr:false keeps the view, and
// the worker that runs sim-core, out of the lesson page's first-load bundle. Meanwhile a
// placeholder of the view's size holds the layout still (no shift when it arrives).
import dynamic from 'next/dynamic';
import type { Scenario } from '@/app/_lib/content/schemas';
import { SimPlaceholder } from './sim-placeholder';

export interface SimEmbedProps {
  scenario: Scenario;
  locale: 'ko' | 'en';
  /** where the browser keeps this cluster across reloads and languages (saved-cluster.ts clusterKey); absent: not kept */
  saveKey?: string;
}

const SimView = dynamic(() => import('./sim-view').then((m) => m.SimView), {
  ssr: false,
  loading: () => <SimPlaceholder />,
});

export function SimEmbed({ scenario, locale, saveKey }: SimEmbedProps) {
  return <SimView scenario={scenario} locale={locale} saveKey={saveKey} />;
}
