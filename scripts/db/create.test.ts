import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMigration, deployMigrations, migrationSlug, migrationStatus } from './index';
import { tempWorkspace, type TempWorkspace } from './temp-workspace';

let ws: TempWorkspace;
beforeEach(() => {
  ws = tempWorkspace();
});
afterEach(() => ws.remove());

const folders = () => readdirSync(ws.migrationsDir).sort();

describe('create', () => {
  it('refuses when schema.prisma already matches the migrations, and writes nothing', async () => {
    const before = folders();
    const result = await createMigration(ws, 'nothing changed');
    expect(result).toEqual({ ok: false, error: expect.stringContaining('Nothing to migrate') });
    expect(folders()).toEqual(before);
  });

  it('writes the difference as a new migration folder that deploy then applies', async () => {
    writeFileSync(
      ws.schemaPath,
      `${readFileSync(ws.schemaPath, 'utf8')}\nmodel LessonNote {\n  id   String @id @default(cuid())\n  text String\n}\n`,
    );
    const result = await createMigration(ws, 'Add lesson notes');
    if (!result.ok) throw new Error(result.error);
    expect(result.name).toMatch(/^\d{14}_add_lesson_notes$/);
    expect(folders()).toContain(result.name);
    const script = readFileSync(path.join(result.directory, 'migration.sql'), 'utf8');
    expect(script).toContain('CREATE TABLE "LessonNote"');
    // Only the change, not the tables earlier migrations already create.
    expect(script).not.toContain('CREATE TABLE "User"');

    const deployed = await deployMigrations(ws);
    expect(deployed.ok && deployed.applied).toEqual(folders().filter((f) => f !== 'migration_lock.toml'));
    expect(migrationStatus(ws)).toMatchObject({ ok: true, upToDate: true });
    // Nothing left to create once the new migration exists.
    expect(await createMigration(ws, 'again')).toMatchObject({ ok: false });
  });

  it('refuses a name with no letters or digits', async () => {
    expect(await createMigration(ws, ' -- ')).toEqual({ ok: false, error: expect.stringContaining('name') });
  });
});

describe('migrationSlug', () => {
  it('makes a folder-safe name', () => {
    expect(migrationSlug('  Add Lesson-Notes! ')).toBe('add_lesson_notes');
  });
});
