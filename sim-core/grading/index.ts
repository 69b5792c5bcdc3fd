// grading/: goal predicates as data (./goals) and grade(), the replay that judges a lab
// attempt from its action log (./replay). Pure: runs in the browser for the live goal
// checklist and on the server, which alone decides the verdict.
export * from './goals';
export { grade, isFaultLine, buildLabSimulation, writeStarterFiles, type LabClusterSpec, type ReplayStep, type GradeInput, type GradeResult, type GradeVerdict, type GoalResult } from './replay';
export { gradeLab, type GradableLab } from './lab';
export { benchGrade, type BenchGradeResult } from './bench';
export { DEFAULT_GRADE_CAPS, type GradeCaps } from './caps';
export { evaluateState } from './evaluate';
export { parseJsonPath, valueAtPath, type PathSegment } from './json-path';
export { resourcePrefix, objectKey, selectorMatches } from './objects';
export type { ClusterView, FaultMark } from './view';
export { committedStore, JsonCache, simulationView } from './view';
export { HistoryTracker, isHistoryCheck } from './history';
export type { GoalVerdict } from './explain';
