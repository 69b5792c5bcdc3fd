// Go's sort.Sort (Go 1.22+, what kubectl 1.32 is built with): pattern-defeating quicksort
// over Less and Swap. It is not stable, so elements that compare equal come out in the
// order this exact algorithm leaves them — which is what `kubectl get --sort-by` prints
// when, say, several Pods were created in the same second. Written from the algorithm as
// the Go standard library implements it (src/sort/zsortinterface.go and sort.go): insertion
// sort up to 12 elements, ninther/median-of-three pivots with a sortedness hint, a partial
// insertion sort for nearly sorted runs, equal-element partitioning, the xorshift pattern
// breaker (xorshift 13/17/5: recorded kubectl orders pin it) and the heapsort fallback.

export interface SortData {
  less(i: number, j: number): boolean;
  swap(i: number, j: number): void;
}

const enum Hint {
  Unknown,
  Increasing,
  Decreasing,
}

/** bits.Len: the number of bits needed to represent n (0 for 0). */
function bitLength(n: number): number {
  return n === 0 ? 0 : 32 - Math.clz32(n);
}

/** Sort `n` elements as Go's sort.Sort does. */
export function goSort(n: number, data: SortData): void {
  if (n <= 1) return;
  pdqsort(data, 0, n, bitLength(n));
}

function insertionSort(data: SortData, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && data.less(j, j - 1); j--) data.swap(j, j - 1);
  }
}

function siftDown(data: SortData, lo: number, hi: number, first: number): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && data.less(first + child, first + child + 1)) child++;
    if (!data.less(first + root, first + child)) return;
    data.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(data: SortData, a: number, b: number): void {
  const first = a;
  const hi = b - a;
  for (let i = Math.floor((hi - 1) / 2); i >= 0; i--) siftDown(data, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    data.swap(first, first + i);
    siftDown(data, 0, i, first);
  }
}

function pdqsort(data: SortData, a: number, b: number, limit: number): void {
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= 12) return insertionSort(data, a, b);
    if (limit === 0) return heapSort(data, a, b);
    if (!wasBalanced) {
      breakPatterns(data, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(data, a, b);
    if (hint === Hint.Decreasing) {
      reverseRange(data, a, b);
      pivot = b - 1 - (pivot - a);
      hint = Hint.Increasing;
    }
    if (wasBalanced && wasPartitioned && hint === Hint.Increasing && partialInsertionSort(data, a, b)) return;
    // many elements equal to the one before this range: take them all at once
    if (a > 0 && !data.less(a - 1, pivot)) {
      a = partitionEqual(data, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(data, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const left = mid - a;
    const right = b - mid;
    const threshold = Math.floor(length / 8);
    if (left < right) {
      wasBalanced = left >= threshold;
      pdqsort(data, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = right >= threshold;
      pdqsort(data, mid + 1, b, limit);
      b = mid;
    }
  }
}

function partition(data: SortData, a: number, b: number, pivot: number): [number, boolean] {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && data.less(i, a)) i++;
  while (i <= j && !data.less(j, a)) j--;
  if (i > j) {
    data.swap(j, a);
    return [j, true];
  }
  data.swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && data.less(i, a)) i++;
    while (i <= j && !data.less(j, a)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  data.swap(j, a);
  return [j, false];
}

function partitionEqual(data: SortData, a: number, b: number, pivot: number): number {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !data.less(a, i)) i++;
    while (i <= j && data.less(a, j)) j--;
    if (i > j) return i;
    data.swap(i, j);
    i++;
    j--;
  }
}

function partialInsertionSort(data: SortData, a: number, b: number): boolean {
  const maxSteps = 5;
  const shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !data.less(i, i - 1)) i++;
    if (i === b) return true;
    if (b - a < shortestShifting) return false;
    data.swap(i, i - 1);
    // the smaller one to the left (Go's loop runs down to index 1, not to a)
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
    // the greater one to the right
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
  }
  return false;
}

function breakPatterns(data: SortData, a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  // xorshift (13, 17, 5) on a uint64 seeded with the length
  let r = BigInt(length);
  const mask64 = (1n << 64n) - 1n;
  const next = (): bigint => {
    r ^= (r << 13n) & mask64;
    r ^= r >> 17n;
    r ^= (r << 5n) & mask64;
    return r;
  };
  const modulus = BigInt(2 ** bitLength(length));
  const base = a + Math.floor(length / 4) * 2;
  for (let idx = base - 1; idx <= base + 1; idx++) {
    let other = Number(next() & (modulus - 1n));
    if (other >= length) other -= length;
    data.swap(idx, a + other);
  }
}

function choosePivot(data: SortData, a: number, b: number): [number, Hint] {
  const shortestNinther = 50;
  const maxSwaps = 4 * 3;
  const l = b - a;
  const swaps = { n: 0 };
  const quarter = Math.floor(l / 4);
  let i = a + quarter;
  let j = a + quarter * 2;
  let k = a + quarter * 3;
  if (l >= 8) {
    if (l >= shortestNinther) {
      i = median(data, i - 1, i, i + 1, swaps);
      j = median(data, j - 1, j, j + 1, swaps);
      k = median(data, k - 1, k, k + 1, swaps);
    }
    j = median(data, i, j, k, swaps);
  }
  return [j, swaps.n === 0 ? Hint.Increasing : swaps.n === maxSwaps ? Hint.Decreasing : Hint.Unknown];
}

/** The index of the median of data[a], data[b], data[c], counting the swaps a sort of three would make. */
function median(data: SortData, a: number, b: number, c: number, swaps: { n: number }): number {
  const order = (x: number, y: number): [number, number] => {
    if (data.less(y, x)) {
      swaps.n++;
      return [y, x];
    }
    return [x, y];
  };
  [a, b] = order(a, b);
  [b, c] = order(b, c);
  [a, b] = order(a, b);
  return b;
}

function reverseRange(data: SortData, a: number, b: number): void {
  for (let i = a, j = b - 1; i < j; i++, j--) data.swap(i, j);
}
