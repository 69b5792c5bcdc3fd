// A Map-backed WorkStorage for tests: localStorage as one browser's tabs share it, and
// full when a test says so.
import type { WorkStorage } from './local-save';

export class MemoryStorage implements WorkStorage {
  readonly map = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new Error('QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}
