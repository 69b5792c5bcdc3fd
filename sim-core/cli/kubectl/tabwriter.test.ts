import { describe, expect, it } from 'vitest';
import { DESCRIBE_TABWRITER, GET_TABWRITER, Tabwriter, tabwrite } from './tabwriter';

describe('Go tabwriter with space padding', () => {
  it("pads get's columns to the widest cell plus 3, at least 6, leaving the last cell alone", () => {
    expect(tabwrite('NAME\tREADY\tAGE\nweb-1\t1/1\t5s\n', GET_TABWRITER)).toBe(
      'NAME    READY   AGE\n' + 'web-1   1/1     5s\n',
    );
  });
  it("aligns describe's blocks separately: a line without a tab ends a block", () => {
    const text = 'Name:\tweb\nService Account:\tdefault\nIPs:\n  IP:\t10.0.0.1\nControlled By:\tReplicaSet/web\n';
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe(
      'Name:             web\n' +
        'Service Account:  default\n' +
        'IPs:\n' +
        '  IP:           10.0.0.1\n' +
        'Controlled By:  ReplicaSet/web\n',
    );
  });
  it('keeps widths across flushes when asked (get -w)', () => {
    const w = new Tabwriter(GET_TABWRITER);
    w.write('NAME\tSTATUS\nweb-long-name\tRunning\n');
    w.flush();
    w.write('a\tPending\n');
    expect(w.text()).toBe('NAME            STATUS\nweb-long-name   Running\na               Pending\n');
    const plain = new Tabwriter({ minWidth: 0, padding: 1 });
    plain.write('abc\tx\n');
    plain.flush();
    plain.write('a\tx\n');
    expect(plain.text()).toBe('abc x\na x\n');
  });
});
