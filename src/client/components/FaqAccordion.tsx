import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';

/** One question and its answer. */
export interface FaqItem {
  question: string;
  /** Inline content: it is rendered inside a paragraph. */
  answer: ReactNode;
}

/** Props of FaqAccordion. */
export interface FaqAccordionProps {
  items: readonly FaqItem[];
}

/**
 * Questions as an accordion: each question is an h3 (MUI's default heading) holding a button
 * that says whether it is expanded and which region it controls; the answer is a region named
 * by its question.
 * Several answers may be open at once.
 */
export function FaqAccordion({ items }: FaqAccordionProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());

  const toggle = (index: number, expanded: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (expanded) next.add(index);
      else next.delete(index);
      return next;
    });

  return (
    <Box>
      {items.map((item, index) => {
        const summaryId = `${baseId}-question-${index}`;
        const regionId = `${baseId}-answer-${index}`;
        return (
          <Accordion
            key={item.question}
            expanded={open.has(index)}
            onChange={(_event, expanded) => toggle(index, expanded)}
            disableGutters
          >
            <AccordionSummary id={summaryId} aria-controls={regionId} expandIcon={<ExpandMoreIcon aria-hidden />}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {item.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{item.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
