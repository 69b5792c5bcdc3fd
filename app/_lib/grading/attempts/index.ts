// The attempts endpoint's logic (POST /api/labs/<lab>/attempts) and the LabAttempt rows.
export { handleAttempt, replayUrlOf, ATTEMPT_RATE_LIMIT, BUSY_RETRY_AFTER_SECONDS, type AttemptDeps, type AttemptInput, type AttemptResponse, type ErrorCode, type Verdict } from './submit';
export { attemptBodySchema, isSameOrigin, localeOfRequest, readBodyLimited, MAX_ATTEMPT_BODY_BYTES } from './request';
export { findAttempt, findAttemptByKey, hintsUsed, storeAttempt, storedAttemptOf, type StoredAttempt, type NewAttempt } from './store';
export { attemptOwnerLabel, canOpenAttempt } from './access';
