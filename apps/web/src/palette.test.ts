import { describe, expect, it } from 'vitest';
import { flowColor, OKABE_ITO, safeColor } from './palette';

describe('flow colours', () => {
  it('takes plain colours as they are', () => {
    for (const c of [
      '#0072B2',
      '#abc',
      '#abcd',
      '#11223344',
      'rebeccapurple',
      'rgb(10, 20, 30)',
      'hsla(120deg 50% 50% / 0.5)',
    ])
      expect(safeColor(c)).toBe(c);
    expect(flowColor(3, '#123456')).toBe('#123456');
  });

  it('never lets anything that could fetch an address or restyle the page into a style', () => {
    for (const c of [
      'url(//evil.test/leak.png)',
      'URL(https://evil.test/x)',
      'red; background-image: url(//evil.test/a.png)',
      'var(--x)',
      'image-set("//evil.test/a.png" 1x)',
      'rgb(1,2,3) url(//evil.test)',
      'expression(alert(1))',
      '#12345g',
      '',
      'x'.repeat(1000),
      42,
      null,
      { toString: () => 'red' },
    ])
      expect(safeColor(c)).toBeNull();
    expect(flowColor(1, 'url(//evil.test/leak.png)')).toBe(OKABE_ITO[1]);
  });
});
