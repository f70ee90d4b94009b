import { COLOR_MODE_PREFERENCES, type ColorModePreference, useColorMode } from '@client/app/theme/colorMode';
import BrightnessAutoOutlinedIcon from '@mui/icons-material/BrightnessAutoOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState } from 'react';

/** Each choice's name in the menu. */
export const COLOR_MODE_LABELS: Record<ColorModePreference, string> = {
  system: 'Match system',
  light: 'Light',
  dark: 'Dark',
};

const ICONS = { system: BrightnessAutoOutlinedIcon, light: LightModeOutlinedIcon, dark: DarkModeOutlinedIcon } as const;

/** The switch's accessible name: what it is, the choice, and for "Match system" the scheme that gives now. */
export function colorModeSwitchLabel(preference: ColorModePreference, scheme: 'light' | 'dark'): string {
  const choice = preference === 'system' ? `${COLOR_MODE_LABELS.system} (${scheme})` : COLOR_MODE_LABELS[preference];
  return `Colour scheme: ${choice}`;
}

/**
 * The colour-scheme switch: a button showing the current choice that opens a menu of the three
 * (Match system, Light, Dark), the chosen one checked (menuitemradio). The choice is kept in this
 * browser; "Match system" follows the operating system's setting as it changes.
 */
export function ColorModeSwitch() {
  const { preference, scheme, setPreference } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = colorModeSwitchLabel(preference, scheme);
  const Icon = ICONS[preference];
  const choose = (next: ColorModePreference) => {
    setPreference(next);
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={label} describeChild>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Icon aria-hidden />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Colour scheme' } }}
      >
        {COLOR_MODE_PREFERENCES.map((option) => {
          const OptionIcon = ICONS[option];
          const checked = option === preference;
          return (
            <MenuItem
              key={option}
              role="menuitemradio"
              aria-checked={checked}
              selected={checked}
              onClick={() => choose(option)}
            >
              <ListItemIcon>
                <OptionIcon aria-hidden fontSize="small" />
              </ListItemIcon>
              <ListItemText>{COLOR_MODE_LABELS[option]}</ListItemText>
              {checked && <CheckIcon aria-hidden fontSize="small" sx={{ ml: 2 }} />}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
