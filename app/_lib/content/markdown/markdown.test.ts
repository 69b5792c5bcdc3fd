import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems';
import { parseLessonSource, renderLesson, renderMarkdownText } from './index';

const fm = '---\ntitle: T\nsummary: S\nminutes: 5\nobjectives: [O]\n---\n';
const problems = (body: string) => parseLessonSource(fm + body, 'l.md').problems.map(formatProblem);

describe('parseLessonSource', () => {
  it('collects front matter, headings, directives and code blocks with their lines', () => {
    const l = parseLessonSource(`${fm}\n## A\n\n::sim{scenario=s1}\n\n## B\n\n\`\`\`sh\netcdctl get foo\n\`\`\`\n\n:::warning\nCareful\n:::\n\n::lab{id=lab-1}\n\n::quiz{id=q}\n`, 'l.md');
    expect(l.problems).toEqual([]);
    expect(l.frontMatter).toEqual({ title: 'T', summary: 'S', minutes: 5, objectives: ['O'] });
    expect(l.headings).toEqual([
      { depth: 2, text: 'A', line: 8, slug: 'a' },
      { depth: 2, text: 'B', line: 12, slug: 'b' },
    ]);
    expect(l.directives).toEqual([
      { name: 'sim', scenario: 's1', line: 10 },
      { name: 'warning', line: 18 },
      { name: 'lab', id: 'lab-1', line: 22 },
      { name: 'quiz', id: 'q', line: 24 },
    ]);
    expect(l.codeBlocks).toEqual([{ lang: 'sh', value: 'etcdctl get foo', line: 14 }]);
  });

  it('refuses a leaf directive written inside a paragraph, which the page would show as text', () => {
    expect(problems('\nAlso: ::lab{id=x} inline.\n\n::quiz{id=q} and text\n\nAt 10:30 we met; `::sim{scenario=s}` is code.\n')).toEqual([
      "l.md:8: '::lab{id=x}' is inside a paragraph, so the page shows it as text; put ::lab{…} on a line of its own, with a blank line before and after it",
      "l.md:10: '::quiz{id=q}' is inside a paragraph, so the page shows it as text; put ::quiz{…} on a line of its own, with a blank line before and after it",
    ]);
  });

  it('refuses a top-level heading in the body: the page shows the front matter\'s title as the H1', () => {
    expect(problems('\n# Raft — how etcd agrees\n\n## Roles\n')).toEqual([
      "l.md:8: '# Raft — how etcd agrees' is a second top-level heading: the page already shows the front matter's title as the lesson's heading; remove it, or make it ## to start a section",
    ]);
  });

  it('names every raw HTML tag on a line, in one problem', () => {
    expect(problems('\nSome <b>x</b> and <i>y</i> and <br> here.\n')).toEqual([
      'l.md:8: raw HTML is not allowed (<b>, <i>, <br>); use Markdown, a directive such as :::note, or put markup in `inline code`',
    ]);
  });

  it('refuses raw HTML with the file and line, once per line', () => {
    expect(problems('\nSome <b>bold</b> text.\n\n<div>block</div>\n')).toEqual([
      'l.md:8: raw HTML is not allowed (<b>); use Markdown, a directive such as :::note, or put markup in `inline code`',
      'l.md:10: raw HTML is not allowed (<div>block</div>); use Markdown, a directive such as :::note, or put markup in `inline code`',
    ]);
  });

  it('allows angle brackets in inline code and code blocks', () => {
    expect(problems('\nUse `<pod-name>`.\n\n```yaml\nname: <pod-name>\n```\n')).toEqual([]);
  });

  it('refuses unknown directives, a missing attribute, extra attributes and the wrong kind', () => {
    expect(problems('\n::simm{scenario=x}\n')).toEqual([
      "l.md:8: unknown directive 'simm'; lessons may use ::sim{scenario=…}, ::quiz{id=…}, ::lab{id=…}, :::note and :::warning",
    ]);
    expect(problems('\n::sim\n')).toEqual(['l.md:8: ::sim needs {scenario=…}, e.g. ::sim{scenario=l4-elect-a-leader}']);
    expect(problems('\n::quiz{id=a height=3}\n')).toEqual(["l.md:8: ::quiz takes only {id=…}; remove 'height'"]);
    expect(problems('\n::note\n')).toEqual(["l.md:8: 'note' is a container: open it with :::note on its own line and close it with :::"]);
    expect(problems('\n:::sim{scenario=x}\ntext\n:::\n')).toEqual(["l.md:8: 'sim' is a leaf directive: write it on its own line with two colons, ::sim{scenario=…}"]);
  });

  it('refuses a container left open, one nested in another, and text after the closing colons', () => {
    // the mistake lesson 6 once had: the note never closed, swallowed the rest and the next note
    expect(problems('\n:::note\nA\n::: B\n\nC\n\n:::note\nD\n:::\n')).toEqual([
      'l.md:8: :::note contains another container; close it with ::: before the next one opens',
      "l.md:10: '::: B' is not a directive: close a container with ::: alone on its line, and put the text on a line of its own",
    ]);
    expect(problems('\n:::note\nA\n')).toEqual(['l.md:8: :::note is never closed; end it with ::: alone on its line']);
    expect(problems('\n:::warning\nA\n:::\n\n:::note\nB\n::::\n')).toEqual([]);
    // inside a blockquote the fences carry its markers
    expect(problems('\n> :::note\n> A\n> :::\n')).toEqual([]);
    expect(problems('\n> :::note\n> A\n> ::: B\n')).toEqual(['l.md:8: :::note is never closed; end it with ::: alone on its line', "l.md:10: '> ::: B' is not a directive: close a container with ::: alone on its line, and put the text on a line of its own"]);
  });

  it('refuses emphasis Markdown did not take: a closing ** after a parenthesis and before Hangul shows its asterisks', () => {
    expect(problems('\n**쿼럼**(quorum)은 과반입니다. *가용*(available)으로 셉니다. `a**b` and 2 * 3 * 4.\n')).toEqual([]);
    const found = problems('\n**쿼럼(quorum)**은 과반입니다.\n\n*가용(available)*으로 셉니다.\n');
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^l\.md:8: '\*\*쿼럼\(quorum\)\*\*은.*' shows its asterisks/);
    expect(found[1]).toMatch(/^l\.md:10: /);
  });

  it('keeps colons in prose: times, URLs and key:value are text, not directives', () => {
    const l = parseLessonSource(`${fm}\nAt 10:30 the key a:b moved to http://etcd-2:2379.\n`, 'l.md');
    expect(l.problems).toEqual([]);
    expect(l.directives).toEqual([]);
  });

  it('requires front matter and checks it', () => {
    expect(problems('').length).toBe(0);
    expect(parseLessonSource('No front matter\n', 'l.md').problems.map(formatProblem)).toEqual([
      'l.md:1: the lesson has no front matter; start the file with --- , title, summary, minutes, objectives, then ---',
    ]);
    expect(parseLessonSource('---\ntitle: T\nsummary: S\nminutes: ten\nobjectives: [O]\n---\n', 'l.md').problems.map(formatProblem)).toEqual([
      "l.md:4: front matter: 'minutes': minutes is the reading time as a whole number, e.g. minutes: 15",
    ]);
  });
});

describe('renderLesson', () => {
  it('gives each heading the anchor a #fragment link uses, as GitHub makes it, in any script', () => {
    const r = renderLesson(`${fm}\n## Roles and \`term\`\n\n## 역할과 용어: 리더, 팔로워\n\n## Try it!\n\n## Try it\n`);
    expect(r.ok && r.html).toBe('<h2 id="roles-and-term">Roles and <code>term</code></h2>\n<h2 id="역할과-용어-리더-팔로워">역할과 용어: 리더, 팔로워</h2>\n<h2 id="try-it">Try it!</h2>\n<h2 id="try-it-1">Try it</h2>');
    expect(parseLessonSource(`${fm}\n## Try it!\n\n## Try it\n`, 'l.md').headings.map((h) => h.slug)).toEqual(['try-it', 'try-it-1']);
  });

  it('renders GFM and turns directives into placeholders the app hydrates', () => {
    const r = renderLesson(`${fm}\n## Raft\n\n| N | quorum |\n|---|---|\n| 5 | 3 |\n\n::sim{scenario=l4-raft-five}\n\n:::note\nA *majority*.\n:::\n\n::quiz{id=raft}\n`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.html).toContain('<h2 id="raft">Raft</h2>');
    expect(r.html).toContain('<td>3</td>');
    expect(r.html).toContain('<div data-directive="sim" data-scenario="l4-raft-five"></div>');
    expect(r.html).toContain('<aside data-directive="note" class="callout callout-note"><p>A <em>majority</em>.</p></aside>');
    expect(r.html).toContain('<div data-directive="quiz" data-id="raft"></div>');
    expect(r.directives.map((d) => d.name)).toEqual(['sim', 'note', 'quiz']);
    expect(r.frontMatter.title).toBe('T');
  });

  it('never lets script through: javascript: links and HTML are dropped or refused', () => {
    const r = renderLesson(`${fm}\n[click](javascript:alert(1)) and ![x](javascript:alert(2))\n`);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.html).not.toMatch(/javascript:/);
      expect(r.html).toContain('<a>click</a>');
    }
    const refused = renderLesson(`${fm}\n<script>alert(1)</script>\n`, 'evil.md');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems[0]?.message).toMatch(/^raw HTML is not allowed/);
  });

  it('escapes attribute values and code', () => {
    const r = renderLesson(`${fm}\n::sim{scenario="a&quot;><b>"}\n\n\`<i>x</i>\`\n`);
    expect(r.ok).toBe(true);
    if (r.ok) {
      // the quote is escaped, so '<b>' stays inside the attribute value
      expect(r.html).toContain('<div data-directive="sim" data-scenario="a&#x22;><b>"></div>');
      expect(r.html).toContain('<code>&#x3C;i>x&#x3C;/i></code>');
    }
  });

  it('passes code blocks to the highlight hook after sanitising', () => {
    const seen: [string, string | null][] = [];
    const r = renderLesson(`${fm}\n\`\`\`yaml\nkind: Pod\n\`\`\`\n`, 'l.md', {
      highlight: (code, lang) => {
        seen.push([code, lang]);
        return { type: 'element', tagName: 'pre', properties: { className: ['shiki'], style: 'color: red' }, children: [{ type: 'text', value: code }] };
      },
    });
    expect(seen).toEqual([['kind: Pod', 'yaml']]);
    expect(r.ok && r.html).toBe('<pre class="shiki" style="color: red">kind: Pod</pre>');
  });
});

describe('renderMarkdownText', () => {
  it('renders a question text with inline Markdown, sanitised', () => {
    expect(renderMarkdownText('Run `etcdctl get foo` at 10:30 — **now**')).toBe('<p>Run <code>etcdctl get foo</code> at 10:30 — <strong>now</strong></p>');
    expect(renderMarkdownText('a <img src=x onerror=alert(1)> b')).not.toMatch(/<img|onerror/);
  });
});
