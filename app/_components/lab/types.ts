// What the lab page hands its client workspace (plain JSON, from app/_lib/lab/page-view).
import type { HostLab, HostScenario } from '@/app/_lib/sim-worker/protocol';

export interface LabClientView {
  id: string;
  title: string;
  /** goal descriptions in the page's language, in the lab's order */
  goals: { id: string; description: string }[];
  /** whether the live checklist shows grading's explanation of each goal before Submit */
  liveExplanations: boolean;
  /** sanitised HTML, one per hint */
  hints: string[];
  scenario: HostScenario;
  lab: HostLab;
  /** ticks a second the cluster plays at until the learner picks another speed (lab.yaml speed) */
  speed?: number;
  simCoreVersion: string;
}

export interface LabWorkspaceProps {
  view: LabClientView;
  locale: 'ko' | 'en';
  signedIn: boolean;
  /** hints this signed-in learner revealed before (HintUse), 0 for a guest */
  recordedHints: number;
}
