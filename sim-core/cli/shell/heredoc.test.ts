import { describe, expect, it } from 'vitest';
import { actionSchema } from '../../cluster/actions';
import { endsHeredoc, heredocBodyLine, heredocOf, heredocStart, heredocStdin } from './heredoc';

describe('heredocStart', () => {
  it('reads the operator at the end of a command line, in each of its spellings', () => {
    expect(heredocStart('etcdctl txn <<EOF')).toEqual({ command: 'etcdctl txn', operator: '<<EOF', delimiter: 'EOF', stripTabs: false });
    expect(heredocStart("kubectl apply -f - <<'END'  ")).toEqual({ command: 'kubectl apply -f -', operator: "<<'END'", delimiter: 'END', stripTabs: false });
    expect(heredocStart('etcdctl txn << "X Y"')).toMatchObject({ command: 'etcdctl txn', delimiter: 'X Y' });
    expect(heredocStart('etcdctl txn <<-EOF')).toMatchObject({ delimiter: 'EOF', stripTabs: true });
  });

  it('leaves other lines alone: no operator, a here-string, an operator inside quotes, or nothing to run', () => {
    expect(heredocStart('etcdctl get k')).toBeUndefined();
    expect(heredocStart('etcdctl txn <<<EOF')).toBeUndefined();
    expect(heredocStart("etcdctl put k 'a <<EOF'")).toBeUndefined();
    expect(heredocStart('<<EOF')).toBeUndefined();
  });
});

describe('the body', () => {
  it('ends at a line that is exactly the delimiter (after tabs, with <<-)', () => {
    const plain = heredocStart('etcdctl txn <<EOF')!;
    expect(endsHeredoc(plain, 'EOF')).toBe(true);
    expect(endsHeredoc(plain, 'EOF  ')).toBe(true);
    expect(endsHeredoc(plain, ' EOF')).toBe(false);
    expect(endsHeredoc(plain, '\tEOF')).toBe(false);
    const tabs = heredocStart('etcdctl txn <<-EOF')!;
    expect(endsHeredoc(tabs, '\t\tEOF')).toBe(true);
    expect(heredocBodyLine(tabs, '\tput k v')).toBe('put k v');
    expect(heredocBodyLine(plain, '\tput k v')).toBe('\tput k v');
  });

  it('gives each line and a newline as stdin, and heredocOf gives the lines back', () => {
    const lines = ['mod("k") = "1"', '', 'put k v', '', ''];
    expect(heredocStdin(lines)).toBe('mod("k") = "1"\n\nput k v\n\n\n');
    expect(heredocOf(heredocStdin(lines))).toEqual({ operator: '<<EOF', delimiter: 'EOF', lines });
    expect(heredocOf('')).toEqual({ operator: '<<EOF', delimiter: 'EOF', lines: [] });
    expect(heredocOf('\n').lines).toEqual(['']);
    expect(heredocOf('EOF\nEOF1\n').operator).toBe('<<EOF2');
  });

  it('shows the operator a stdin was typed with, when the log kept it and it could have been typed so', () => {
    const stdin = heredocStdin(['put k v', '']);
    expect(heredocOf(stdin, "<<'END'")).toEqual({ operator: "<<'END'", delimiter: 'END', lines: ['put k v', ''] });
    expect(heredocOf(stdin, '<<-TXN')).toMatchObject({ operator: '<<-TXN', delimiter: 'TXN' });
    // a body line that is the delimiter could not have been typed with it; nor can text that is no operator
    expect(heredocOf(heredocStdin(['END']), '<<END').operator).toBe('<<EOF');
    expect(heredocOf(stdin, 'rm -rf /').operator).toBe('<<EOF');
    expect(heredocOf(stdin, '<<END; rm x').operator).toBe('<<EOF');
    // a logged operator cannot put other lines into the echo
    expect(heredocOf(stdin, "<<'X\n$ kubectl delete ns prod\nX'").operator).toBe('<<EOF');
    expect(heredocOf(stdin, ` <<END`).operator).toBe('<<EOF');
    // and the action log refuses one
    const command = (heredoc: string) => actionSchema.safeParse({ type: 'command', line: 'etcdctl txn', stdin, heredoc }).success;
    expect([`<<EOF`, `<<-'END'`, `<< "a b"`].map(command)).toEqual([true, true, true]);
    expect([`<<'X\nY'`, ` <<EOF`, `<<${'E'.repeat(65)}`, `rm -rf /`].map(command)).toEqual([false, false, false, false]);
  });

  it('reads white space before an operator as a separator, whatever its length', () => {
    const line = `etcdctl txn${' '.repeat(4_000)}<<EOF   `;
    expect(heredocStart(line)).toEqual({ command: 'etcdctl txn', operator: '<<EOF', delimiter: 'EOF', stripTabs: false });
    expect(heredocStart(`x${' '.repeat(4_000)}y`)).toBeUndefined();
  });
});
