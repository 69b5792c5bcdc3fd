// One lab page in a language: the lab from content/labs/<id>/lab.yaml as the workspace
// needs it — the brief rendered and sanitised on the server (shiki stays on the server),
// the goals' descriptions, the hints, the starter files — and the scenario the worker
// builds. The goals' checks go to the worker for the live checklist only: the verdict is
// the server's replay (app/api/labs/<id>/attempts).
import 'server-only';
import { renderMarkdownText } from '../content';
import type { Goal } from '@/sim-core/grading';
import type { Locale } from '../i18n/routing';
import { createCodeHighlighter } from '../markdown-highlight';
import { getContent } from '../queries/content';
import type { HostLab, HostScenario } from '../sim-worker/protocol';
import { controlPlanesOption } from '../content/schemas/control-planes';
import { SIM_CORE_VERSION } from '@/sim-core';

export interface LabGoalText {
  id: string;
  description: string;
}

export interface LabPageView {
  id: string;
  title: string;
  briefHtml: string;
  /** the goals' descriptions in the page's language, in the lab's order */
  goals: LabGoalText[];
  /** whether the live checklist shows grading's explanations before Submit (lab.yaml liveExplanations) */
  liveExplanations: boolean;
  /** the hints in the page's language, rendered and sanitised like the brief, revealed one by one */
  hints: string[];
  scenario: HostScenario;
  lab: HostLab;
  /** ticks a second the cluster plays at until the learner picks another speed (lab.yaml speed); absent: the worker's default */
  speed?: number;
  /** what the saved work in the browser is keyed by: a log replays only on the sim-core and seed it was recorded with */
  simCoreVersion: string;
}

const cache = new Map<string, LabPageView>();

export async function getLabPage(labId: string, locale: Locale): Promise<LabPageView | undefined> {
  const key = `${labId}/${locale}`;
  const production = process.env.NODE_ENV === 'production';
  if (production && cache.has(key)) return cache.get(key);
  const view = await buildLabPage(labId, locale);
  if (view && production) cache.set(key, view);
  return view;
}

async function buildLabPage(labId: string, locale: Locale): Promise<LabPageView | undefined> {
  const loaded = getContent().content.labs.get(labId);
  if (!loaded) return undefined;
  const { lab } = loaded;
  const highlight = await createCodeHighlighter();
  return {
    id: lab.id,
    title: lab.title[locale],
    briefHtml: renderMarkdownText(lab.brief[locale], { highlight }),
    goals: lab.goals.map((g) => ({ id: g.id, description: g.description[locale] })),
    liveExplanations: lab.liveExplanations,
    hints: lab.hints.map((h) => renderMarkdownText(h[locale], { highlight })),
    scenario: { id: `lab:${lab.id}`, topology: lab.topology, seed: lab.seed, members: lab.members, ...controlPlanesOption(lab.controlPlanes), setup: lab.setup },
    ...(lab.speed !== undefined ? { speed: lab.speed } : {}),
    lab: {
      files: lab.starter.flatMap((s) => {
        const content = loaded.starterFiles[s.path];
        return content === undefined ? [] : [{ path: s.path, content }];
      }),
      goals: lab.goals.map((g): Goal => ({ id: g.id, check: g.check })),
    },
    simCoreVersion: SIM_CORE_VERSION,
  };
}

/** The ids of every lab, for the lesson cards and static params. */
export function labIds(): string[] {
  return [...getContent().content.labs.keys()].sort();
}
