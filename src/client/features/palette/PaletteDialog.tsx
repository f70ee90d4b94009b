import { visuallyHidden } from '@client/components/visuallyHidden';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Dialog, InputBase, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useId } from 'react';

import type { PaletteEntry } from './paletteEntries';
import type { PaletteFlow } from './usePaletteFlow';

/** The search field's name, as a screen reader says it. */
export const PALETTE_LABEL = 'Go to a page, workspace, campaign or ad, or run a command';

/** Props of PaletteDialog. */
export interface PaletteDialogProps {
  flow: PaletteFlow;
  /** The entries matching the query, best first. */
  shown: readonly PaletteEntry[];
  /** Campaigns and ads are still being searched for. */
  searching: boolean;
}

/** What the live region says of the list. */
function resultsMessage(count: number, searching: boolean): string {
  if (searching) return count === 0 ? 'Searching…' : `${count} results so far, searching…`;
  if (count === 0) return 'No results';
  return count === 1 ? '1 result' : `${count} results`;
}

/**
 * The command palette (Ctrl/⌘+K): a combobox whose listbox follows the query. Focus stays in the
 * field; the highlighted option is named by aria-activedescendant, so a screen reader reads each
 * as the arrows move, and the count is announced as the list changes.
 */
export function PaletteDialog({ flow, shown, searching }: PaletteDialogProps) {
  const { isOpen, query, active, send } = flow;
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const activeId = active >= 0 && active < shown.length ? optionId(active) : undefined;

  // The highlighted option stays in sight as the arrows move through a long list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent) => {
    const keyEvents: Record<string, () => void> = {
      ArrowDown: () => send({ type: 'NEXT' }),
      ArrowUp: () => send({ type: 'PREVIOUS' }),
      Enter: () => send({ type: 'CHOOSE' }),
    };
    const handler = keyEvents[event.key];
    if (handler) {
      event.preventDefault();
      handler();
    }
  };

  return (
    <Dialog
      open={isOpen}
      onClose={() => send({ type: 'CLOSE' })}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${baseId}-title`}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' }, '& .MuiDialog-paper': { mt: { xs: 2, sm: 10 } } }}
    >
      <Typography id={`${baseId}-title`} component="h2" sx={visuallyHidden}>
        Command palette
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <SearchIcon aria-hidden color="action" />
        <InputBase
          autoFocus
          fullWidth
          value={query}
          placeholder="Search or jump to…"
          onChange={(event) => send({ type: 'TYPE', query: event.target.value })}
          onKeyDown={onKeyDown}
          inputProps={{
            role: 'combobox',
            'aria-label': PALETTE_LABEL,
            'aria-expanded': shown.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': activeId,
            autoComplete: 'off',
            spellCheck: false,
          }}
        />
      </Box>
      <List id={listId} role="listbox" aria-label="Results" dense sx={{ maxHeight: '60vh', overflowY: 'auto', py: 0 }}>
        {shown.map((entry, index) => (
          <ListItemButton
            key={entry.id}
            id={optionId(index)}
            component="li"
            role="option"
            aria-selected={index === active}
            selected={index === active}
            tabIndex={-1}
            // The field keeps the focus: a click must not move it to the option first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== active && send({ type: 'HIGHLIGHT', index })}
            onClick={() => {
              send({ type: 'HIGHLIGHT', index });
              send({ type: 'CHOOSE' });
            }}
          >
            <ListItemText
              primary={entry.label}
              secondary={entry.detail ? `${entry.group} · ${entry.detail}` : entry.group}
            />
          </ListItemButton>
        ))}
      </List>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {isOpen ? resultsMessage(shown.length, searching) : ''}
      </Box>
    </Dialog>
  );
}
