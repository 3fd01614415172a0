import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { GuestFormFields } from '../../../web/src/features/booking/components/guest-form';
import { useGuestForm } from '../../../web/src/features/booking/hooks/use-guest-form';

let lastForm: ReturnType<typeof useGuestForm> | null = null;

function Harness() {
  const form = useGuestForm();
  lastForm = form;
  return (
    <>
      <GuestFormFields form={form} />
      <output data-testid="valid">{form.isValid ? 'valid' : 'invalid'}</output>
    </>
  );
}

function setup() {
  const user = userEvent.setup({ delay: null });
  render(
    <ThemeProvider theme={createTheme()}>
      <Harness />
    </ThemeProvider>,
  );
  return user;
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

// Typing whole forms through MUI in jsdom takes seconds on a busy 2-core machine; 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

describe('guest form (guest spec §5)', () => {
  it('shows no message before a field is left, and "Required field" after leaving it empty', async () => {
    const user = setup();
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    await user.click(field(/^First name/));
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Required field')).toBeInTheDocument();
    expect(field(/^First name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects an e-mail address that does not look like one, and a confirmation that differs', async () => {
    const user = setup();
    await user.type(field(/^Email/), 'guest at example.com');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();

    await user.clear(field(/^Email/));
    await user.type(field(/^Email/), 'guest@example.com');
    await user.type(field(/^Confirm email/), 'other@example.com');
    await user.tab();
    expect(screen.getByText('Email addresses do not match')).toBeInTheDocument();

    await user.clear(field(/^Confirm email/));
    await user.type(field(/^Confirm email/), 'GUEST@example.com');
    await user.tab();
    expect(screen.queryByText('Email addresses do not match')).not.toBeInTheDocument();
  });

  it('keeps only digits, spaces, + ( ) - in the phone and prefixes the dialling code', async () => {
    const user = setup();
    await user.type(field(/^Phone/), '90a(1234)b-5678#');
    expect(field(/^Phone/)).toHaveValue('+81 90(1234)-5678');

    await user.clear(field(/^Phone/));
    await user.type(field(/^Phone/), '+33 6 12 34 56 78');
    expect(field(/^Phone/)).toHaveValue('+33 6 12 34 56 78');
  });

  it('judges the phone number itself: "0" after the dialling code is not a phone', async () => {
    const user = setup();
    await user.type(field(/^Phone/), '0');
    await user.tab();
    expect(field(/^Phone/)).toHaveValue('+81 0');
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    await user.clear(field(/^Phone/));
    await user.type(field(/^Phone/), '-');
    await user.tab();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('shows a valid number in the international format once the field is left', async () => {
    const user = setup();
    await user.type(field(/^Phone/), '090-1234-5678');
    expect(field(/^Phone/)).toHaveValue('+81 090-1234-5678');
    await user.tab();
    expect(field(/^Phone/)).toHaveValue('+81 90 1234 5678');
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
  });

  it('becomes valid only with every required field, nationality from the country list included', async () => {
    const user = setup();
    await user.type(field(/^First name/), 'Hanako');
    await user.type(field(/^Last name/), 'Tester');
    await user.type(field(/^Email/), 'hanako@example.com');
    await user.type(field(/^Confirm email/), 'hanako@example.com');
    await user.type(field(/^Phone/), '90 1234 5678');
    expect(screen.getByTestId('valid')).toHaveTextContent('invalid');

    await user.type(screen.getByRole('combobox', { name: /^Nationality/ }), 'Japa');
    await user.click(await screen.findByRole('option', { name: 'Japan' }));
    expect(screen.getByTestId('valid')).toHaveTextContent('valid');
    expect(lastForm?.parsed).toMatchObject({ nationality: 'Japan', phone: '+81 90 1234 5678' });
  });
});
