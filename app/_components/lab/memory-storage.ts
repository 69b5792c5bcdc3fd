// A Map-backed localStorage for tests: localStorage as one browser's tabs share it, and
// full when a test says so.
import type { ListedStorage } from './local-save';

export class MemoryStorage implements ListedStorage {
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
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}
