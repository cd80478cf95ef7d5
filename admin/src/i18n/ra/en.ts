import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';

/**
 * react-admin's English messages. The sort tooltip names the column as its header does: the stock
 * text lower-cases the first letter, which spoils names such as "MTM number".
 */
const raEnglish: TranslationMessages = {
  ...englishMessages,
  ra: { ...englishMessages.ra, sort: { ...englishMessages.ra.sort, sort_by: 'Sort by %{field} %{order}' } },
};

export default raEnglish;
