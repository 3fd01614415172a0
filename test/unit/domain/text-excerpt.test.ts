/** Meta descriptions cut where a reader would cut them (issue 32 item 9). */
import { excerpt } from '../../../functions/domain/text-excerpt';

describe('excerpt', () => {
  it('keeps a text that fits, on one line', () => {
    expect(excerpt('A short\n\ntext.', 160)).toBe('A short text.');
  });

  it('cuts English at the end of a word and marks the cut with "…"', () => {
    const text =
      'Paddle across the calm Seto Inland Sea at sunrise with a local guide who knows every island';
    const cut = excerpt(text, 40);
    expect(cut).toBe('Paddle across the calm Seto Inland Sea…');
    expect(Array.from(cut).length).toBeLessThanOrEqual(40);
    // A word that ends exactly at the limit is kept whole.
    expect(excerpt('one two three four', 8)).toBe('one two…');
  });

  it('drops punctuation left before the "…"', () => {
    expect(excerpt('Tea, sweets, and a garden walk in the old town.', 14)).toBe('Tea, sweets…');
  });

  it('cuts Japanese and Chinese, which have no spaces, at a character; Korean at a word', () => {
    const ja = '道後温泉の路地を地元のガイドと歩き、老舗の和菓子店でお茶をいただきます。';
    const cut = excerpt(ja, 12);
    expect(cut).toBe('道後温泉の路地を地元の…');
    expect(Array.from(cut)).toHaveLength(12);
    expect(excerpt('松山城から瀬戶內海を眺める。', 8)).toBe('松山城から瀬戶…');
    expect(excerpt('마쓰야마 성에서 세토 내해를 바라보며 차를 마십니다', 16)).toBe(
      '마쓰야마 성에서 세토 내해를…',
    );
  });

  it('never splits a character outside the basic plane', () => {
    expect(excerpt('𠮷野家の牛丼を食べる𠮷𠮷𠮷𠮷', 6)).toBe('𠮷野家の牛…');
  });
});
