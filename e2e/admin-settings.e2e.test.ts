import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { signIn, signOut } from './support/journey.js';

const url = inject('sapaUrl');
const page = await openPage();

async function choose(label: RegExp, option: string) {
  await page.locator('input').and(page.getByLabel(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('settings › admin', () => {
  it('creates an access role and a user holding it; the user sees only those menus; the owner removes them', async () => {
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/setting/admin`);

    // Access role: the spec's 15-character limit, then a role with only the contacts menu.
    await page.getByRole('tab', { name: 'Peran akses' }).click();
    await page.getByRole('button', { name: 'Tambah peran akses' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Tambah peran akses' });
    await roleDialog.getByRole('textbox', { name: /^Nama peran/ }).fill('Gudang Sentral Jakarta');
    await roleDialog.getByRole('checkbox', { name: 'Kontak', exact: true }).check();
    await roleDialog.getByRole('button', { name: 'Tambah peran akses' }).click();
    await roleDialog.getByText('Maksimal 15 karakter', { exact: true }).waitFor();
    await roleDialog.getByRole('textbox', { name: /^Nama peran/ }).fill('Gudang');
    await roleDialog.getByRole('button', { name: 'Tambah peran akses' }).click();
    await roleDialog.waitFor({ state: 'hidden' });
    await page.getByText('Gudang', { exact: true }).first().waitFor();

    // A user with that role: no inbox access, so no CS position.
    await page.getByRole('tab', { name: 'Pengguna' }).click();
    await page.getByRole('button', { name: 'Tambah pengguna' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Tambah pengguna' });
    await userDialog.getByRole('textbox', { name: /^Nama/ }).fill('Budi Gudang');
    await userDialog.getByRole('textbox', { name: /^Email/ }).fill('budi.gudang@demo.sapa.id');
    await userDialog.getByLabel(/^Kata sandi/).fill('gudang2026');
    await choose(/^Peran\s*\*?$/, 'Customer service');
    await choose(/^Peran akses/, 'Gudang');
    expect(
      await userDialog
        .locator('input')
        .and(page.getByLabel(/^Posisi layanan chat/))
        .isDisabled(),
    ).toBe(true);
    await screenshot(page, 'admin-add-user-id');
    await userDialog.getByRole('button', { name: 'Tambah pengguna' }).click();
    await userDialog.waitFor({ state: 'hidden' });
    await page.getByText('budi.gudang@demo.sapa.id').first().waitFor();
    await screenshot(page, 'admin-users-id');

    // The new user signs in and gets exactly what the role grants.
    await signOut(page);
    await signIn(page, url, 'budi.gudang@demo.sapa.id', 'gudang2026');
    await page.getByRole('link', { name: 'Kontak' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Pengaturan admin' }).count()).toBe(0);
    await page.goto(`${url}/setting/admin`);
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Anda tidak memiliki akses ke menu ini.').waitFor();

    // The owner deletes the user after confirming; the user can no longer sign in.
    await signOut(page);
    await signIn(page, url, 'owner@demo.sapa.id');
    await page.goto(`${url}/setting/admin`);

    // The owner makes Budi an admin; the audit log shows who changed the role, from what to what.
    await page.getByRole('button', { name: 'Ubah Budi Gudang' }).first().click();
    const editDialog = page.getByRole('dialog', { name: 'Ubah pengguna' });
    await choose(/^Peran\s*\*?$/, 'Admin');
    await editDialog.getByRole('button', { name: 'Simpan' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await page.goto(`${url}/setting/logs`);
    const roleChange = page
      .getByRole('row')
      .filter({ hasText: 'Mengubah pengguna' })
      .filter({ hasText: 'Budi Gudang' })
      .first();
    await roleChange.getByText('USC').waitFor();
    await roleChange.getByText('ADC').waitFor();
    expect(await roleChange.getByText('owner@demo.sapa.id').count()).toBe(1);
    await screenshot(page, 'audit-log-id');
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('audit-cards').getByText('ADC').first().waitFor();
    await screenshot(page, 'audit-log-390-id');
    if (size) await page.setViewportSize(size);

    await page.goto(`${url}/setting/admin`);
    await page.getByRole('button', { name: 'Hapus Budi Gudang' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Hapus pengguna' });
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('budi.gudang@demo.sapa.id').waitFor({ state: 'detached' });
  });
});
