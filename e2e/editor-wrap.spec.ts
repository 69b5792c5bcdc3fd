// Korean in Monaco at a narrow window: the manifest editor and the kubectl edit dialog wrap
// long lines (wordWrap), and a wrapped line must end inside the text area. Monaco's default
// 'simple' wrapping counts a Hangul syllable as two columns of the width it measured for
// one fullwidth Latin letter, and the glyphs the browser draws for Korean are another
// width: the comment lines ran past the right edge and were cut. 'advanced' wrapping has
// the browser measure the text (monaco-setup.ts MANIFEST_EDITOR_OPTIONS).
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';

const HANGUL = /[\uAC00-\uD7A3]/;

/**
 * How far past the text area's right edge (the vertical scrollbar's left) the last visible
 * character of the widest line Monaco draws in `editor` reaches, in px (0 or less: none
 * does; the space a line is wrapped after may hang past it, as in a browser's own
 * wrapping), and how many of the lines measured hold Hangul.
 */
async function overreach(editor: Locator): Promise<{ px: number; korean: number }> {
  return editor.evaluate((root, hangul) => {
    const scrollable = root.querySelector('.monaco-editor .monaco-scrollable-element.editor-scrollable');
    if (scrollable === null) return { px: Infinity, korean: 0 };
    const scrollbar = scrollable.querySelector(':scope > .scrollbar.vertical');
    const right = scrollbar !== null && scrollbar.getBoundingClientRect().width > 0 ? scrollbar.getBoundingClientRect().left : scrollable.getBoundingClientRect().right;
    let px = -Infinity;
    let korean = 0;
    for (const line of scrollable.querySelectorAll('.view-line')) {
      if (new RegExp(hangul).test(line.textContent ?? '')) korean += 1;
      // the line's last character that is not white space
      let last: { node: Text; at: number } | undefined;
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node !== null; node = walker.nextNode() as Text | null) {
        const at = node.data.search(/\S\s*$/);
        if (at >= 0) last = { node, at };
      }
      if (last === undefined) continue;
      const glyph = document.createRange();
      glyph.setStart(last.node, last.at);
      glyph.setEnd(last.node, last.at + 1);
      px = Math.max(px, glyph.getBoundingClientRect().right - right);
    }
    return { px, korean };
  }, HANGUL.source);
}

async function expectKoreanInside(editor: Locator) {
  await expect.poll(async () => (await overreach(editor)).korean).toBeGreaterThan(0);
  await expect.poll(async () => (await overreach(editor)).px).toBeLessThanOrEqual(1);
}

async function narrowKoreanLab(page: Page) {
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/ko/labs/first-deployment');
}

test('at 700 px wrapped Korean comment lines end inside the manifest editor, and inside the kubectl edit dialog', async ({ page }) => {
  await narrowKoreanLab(page);
  const region = page.getByRole('region', { name: '매니페스트 편집기' });
  // the starter's Korean comment (content/labs/first-deployment/deployment.yaml)
  await expect(region.locator('.view-lines')).toContainText('Deployment는 API 서버가');
  await expectKoreanInside(region);

  // the dialog's editor takes the same options: a long Korean comment typed at its top
  await page.getByRole('button', { name: '적용', exact: true }).click();
  await expect(page.getByRole('log', { name: '터미널 출력' })).toContainText('deployment.apps/web created');
  const input = page.getByRole('textbox', { name: '터미널', exact: true });
  await input.fill('kubectl edit deploy/web');
  await input.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'kubectl edit deployment.apps/web' });
  await expect(dialog.locator('.view-lines')).toContainText('kind: Deployment');
  await dialog.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText('# 이 줄은 창이 좁을 때 여러 줄로 접혀야 하는 아주 긴 한국어 주석입니다. 컨트롤러들이 Deployment를 ReplicaSet과 Pod로 바꿉니다.\n');
  await expectKoreanInside(dialog);
});
