import { OutlinedTextField } from '@client/components/OutlinedTextField';
import { searchPath } from '@client/lib/paths';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button } from '@mui/material';
import { SEARCH_QUERY_MAX } from '@shared/api/search';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** Props of SiteSearchForm. */
export interface SiteSearchFormProps {
  /** The box's visible label. */
  label: string;
  initialQuery?: string;
  /** Called with the trimmed query just before the search page opens. */
  onSearch?: (query: string) => void;
}

/** A labelled search box that opens /search?q=<query>. */
export function SiteSearchForm({ label, initialQuery = '', onSearch }: SiteSearchFormProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed === '') return;
    onSearch?.(trimmed);
    navigate(searchPath(trimmed));
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={handleSubmit}
      sx={{ display: 'flex', gap: 1, maxWidth: 560 }}
    >
      <OutlinedTextField
        label={label}
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        slotProps={{ htmlInput: { maxLength: SEARCH_QUERY_MAX } }}
        fullWidth
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden />}>
        Search
      </Button>
    </Box>
  );
}
