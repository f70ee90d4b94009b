import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { OutlinedTextField } from './OutlinedTextField';

function Controlled(props: { error?: boolean; helperText?: string }) {
  const [value, setValue] = useState('');
  return (
    <OutlinedTextField
      id="email"
      label="Email"
      type="email"
      required
      value={value}
      onChange={(event) => setValue(event.target.value)}
      {...props}
    />
  );
}

describe('OutlinedTextField', () => {
  it('is labelled, typed into and described by its helper text, with TextField’s ids', async () => {
    render(<Controlled helperText="We never share it." />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toHaveAttribute('id', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-describedby', 'email-helper-text');
    expect(document.getElementById('email-helper-text')).toHaveTextContent('We never share it.');
    expect(document.getElementById('email-label')).toHaveTextContent('Email');
    await userEvent.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
  });

  it('marks an error on the input and describes nothing when it has no helper text', () => {
    render(<Controlled error />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('passes attributes to the <input> itself and props to the outlined input', () => {
    render(
      <OutlinedTextField
        label="Link"
        value="https://x.test"
        slotProps={{ htmlInput: { maxLength: 20 }, input: { readOnly: true } }}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Link' });
    expect(input).toHaveAttribute('maxlength', '20');
    expect(input).toHaveAttribute('readonly');
  });
});
