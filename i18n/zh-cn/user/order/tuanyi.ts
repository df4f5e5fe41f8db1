export default {
  title: '团体意外险',
  summary: '为一份人员名单投保意外身故、伤残和意外医疗保障，并管理这些保单。',
} as const;
