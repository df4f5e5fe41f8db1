/** The UI kit's own texts (the pager, the date field, the upload area), per language (`defineTexts`, decision 0014). */
import { defineTexts } from '~/lib/texts';

export const uiText = defineTexts('ui', {
  'zh-cn': {
    pager: { prev: '上一页', next: '下一页', pageOf: '第 {page} / {pages} 页', pages: '分页' },
    filterFold: { toggle: '筛选', remove: '移除筛选条件 {name}' },
    dateField: {
      choose: '选择日期',
      prevMonth: '上个月',
      nextMonth: '下个月',
      invalid: '请按“{pattern}”填写日期',
      min: '日期不能早于 {date}',
      max: '日期不能晚于 {date}',
    },
    uploadArea: {
      prompt: '点击选择文件，或将文件拖到这里',
      promptMany: '点击选择文件（可多选），或将文件拖到这里',
      promptImage: '点击选择图片，或将图片拖到这里',
      dropHere: '松开鼠标即可添加',
      kinds: '支持 {kinds}',
      listJoin: '、',
      maxSize: '单个文件不超过 {size}',
    },
  },
  en: {
    pager: { prev: 'Previous', next: 'Next', pageOf: 'Page {page} of {pages}', pages: 'Pages' },
    filterFold: { toggle: 'Filter', remove: 'Remove filter {name}' },
    dateField: {
      choose: 'Choose a date',
      prevMonth: 'Previous month',
      nextMonth: 'Next month',
      invalid: 'Enter the date as {pattern}',
      min: 'The date cannot be before {date}',
      max: 'The date cannot be after {date}',
    },
    uploadArea: {
      prompt: 'Choose a file or drag it here',
      promptMany: 'Choose files or drag them here',
      promptImage: 'Choose an image or drag it here',
      dropHere: 'Drop to add',
      kinds: 'Accepted: {kinds}',
      listJoin: ', ',
      maxSize: 'Up to {size} per file',
    },
  },
});
