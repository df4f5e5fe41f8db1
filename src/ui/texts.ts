/** The UI kit's own texts (the pager), per language (`defineTexts`, decision 0014). */
import { defineTexts } from '~/lib/texts';

export const uiText = defineTexts('ui', {
  'zh-cn': {
    pager: { prev: '上一页', next: '下一页', pageOf: '第 {page} / {pages} 页', pages: '分页' },
  },
  en: {
    pager: { prev: 'Previous', next: 'Next', pageOf: 'Page {page} of {pages}', pages: 'Pages' },
  },
});
