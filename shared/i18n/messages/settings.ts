// Messages of the settings view (UI-9), in both languages side by side.
import { messages } from './define';

export const settings = messages({
  en: {
    'theme.language': 'Language',
    'settings.system': 'Follow the system ({value})',
    'settings.theme': 'Theme',
    'settings.themeSystem': 'Follow the system',
    'settings.light': 'Light',
    'settings.dark': 'Dark',
    'settings.notSaved': 'Your choice applies to this window but was not saved ({message}). Check that the panel’s data folder is writable; it is saved again on the next change.',
    'settings.keys': 'Keyboard: Tab moves between controls, Enter or Space activates, arrow keys move through the tool list.',
  },
  zh: {
    'theme.language': '语言',
    'settings.system': '跟随系统（{value}）',
    'settings.theme': '主题',
    'settings.themeSystem': '跟随系统',
    'settings.light': '浅色',
    'settings.dark': '深色',
    'settings.notSaved': '您的选择已在此窗口生效，但未能保存（{message}）。请检查面板的数据文件夹是否可写；下次更改时会再次保存。',
    'settings.keys': '键盘：Tab 在控件间移动，Enter 或空格激活，方向键在工具列表中移动。',
  },
});
