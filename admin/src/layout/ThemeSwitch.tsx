import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import CheckIcon from '@mui/icons-material/Check';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useRemoveFromStore, useStore, useTranslate } from 'react-admin';

type Preference = 'light' | 'dark' | 'system';
const ICONS = { light: <LightModeIcon />, dark: <DarkModeIcon />, system: <SettingsBrightnessIcon /> };

/**
 * Light, dark or system (the default). react-admin follows the operating system whenever its
 * 'theme' store key is unset, so "system" is simply removing that key.
 */
export const ThemeSwitch = () => {
  const translate = useTranslate();
  const [stored, setStored] = useStore<'light' | 'dark' | undefined>('theme');
  const removeFromStore = useRemoveFromStore();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current: Preference = stored ?? 'system';
  const choose = (preference: Preference) => {
    if (preference === 'system') removeFromStore('theme');
    else setStored(preference);
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={translate('preferences.theme')}>
        <IconButton color="inherit" aria-label={translate('preferences.theme')} data-testid="theme-switch"
          onClick={(e) => setAnchor(e.currentTarget)}>
          {ICONS[current]}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {(['light', 'dark', 'system'] as const).map((preference) => (
          <MenuItem key={preference} selected={preference === current} onClick={() => choose(preference)}
            data-testid={`theme-${preference}`}>
            <ListItemIcon>{ICONS[preference]}</ListItemIcon>
            <ListItemText>{translate(`preferences.${preference}`)}</ListItemText>
            {preference === current && <CheckIcon fontSize="small" sx={{ ml: 2 }} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
