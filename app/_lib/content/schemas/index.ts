// The content contract as zod schemas: the single source for the loader, content:check,
// the app and the JSON Schemas editors validate against (content/schemas/*.schema.json).
export * from './localized';
export * from './course';
export * from './lesson';
export * from './quiz';
export * from './scenario';
export * from './lab';
export * from './misconceptions';
