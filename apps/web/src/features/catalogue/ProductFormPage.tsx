import {
  Alert,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Product } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { QueryState } from '../../shared/ui/QueryState';
import { useCategories, useProduct, useSaveProduct } from './api';
import { PhotoPicker } from './PhotoPicker';
import { bodyOf, draftOf, emptyDraft, type ProductDraft, problemsOf } from './productDraft';
import { VariantGroupsEditor } from './VariantGroupsEditor';

/** /product/add-product (001 §2): add a product, or edit one with `?id=`. */
export function ProductFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const product = useProduct(id);
  if (!id) return <ProductForm product={null} />;
  return <QueryState query={product}>{(p: Product) => <ProductForm key={p.id} product={p} />}</QueryState>;
}

function ProductForm({ product }: { product: Product | null }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const categories = useCategories();
  const save = useSaveProduct();
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftOf(product) : emptyDraft()));
  const [tried, setTried] = useState(false);
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const problems = tried ? problemsOf(draft) : {};
  const server = save.error ? fieldErrorsOf(save.error) : {};
  const err = (field: string) => message(problems[field]) ?? server[field];

  const submit = () => {
    setTried(true);
    if (Object.keys(problemsOf(draft)).length > 0) return;
    save.mutate(
      { id: product?.id ?? null, body: bodyOf(draft) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(product ? 'catalogue.updated' : 'catalogue.created', { name: saved.name }),
          });
          void navigate('/product/list');
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{t(product ? 'catalogue.editProduct' : 'catalogue.addProduct')}</Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <TextInput
                  label={t('catalogue.fields.name')}
                  withAsterisk
                  value={draft.name}
                  onChange={(e) => set('name', e.currentTarget.value)}
                  error={err('name')}
                />
                <Select
                  label={t('catalogue.fields.category')}
                  placeholder={t('catalogue.noCategory')}
                  data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  value={draft.categoryId}
                  onChange={(v) => set('categoryId', v)}
                  clearable
                  searchable
                  error={err('categoryId')}
                />
                <NumberInput
                  label={t('catalogue.fields.price')}
                  withAsterisk
                  prefix="Rp "
                  thousandSeparator="."
                  decimalSeparator=","
                  allowDecimal={false}
                  allowNegative={false}
                  value={draft.price}
                  onChange={(v) => set('price', typeof v === 'number' ? v : '')}
                  error={err('price')}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('catalogue.fields.type')}
                  </Text>
                  <SegmentedControl
                    value={draft.type}
                    onChange={(v) => set('type', v as ProductDraft['type'])}
                    data={[
                      { value: 'physical', label: t('catalogue.type.physical') },
                      { value: 'non_physical', label: t('catalogue.type.non_physical') },
                    ]}
                  />
                </Stack>
                <Group grow align="flex-start">
                  <TextInput
                    label={t('catalogue.fields.unit')}
                    placeholder={t('catalogue.unitPlaceholder')}
                    value={draft.unit}
                    onChange={(e) => set('unit', e.currentTarget.value)}
                    error={err('unit')}
                  />
                  {draft.type === 'physical' ? (
                    <Group gap={4} align="flex-start" wrap="nowrap">
                      <NumberInput
                        label={t('catalogue.fields.weight')}
                        withAsterisk
                        decimalSeparator=","
                        allowNegative={false}
                        value={draft.weight}
                        onChange={(v) => set('weight', typeof v === 'number' ? v : '')}
                        error={err('weight')}
                        style={{ flex: 1 }}
                      />
                      <Select
                        label={t('catalogue.fields.weightUnit')}
                        data={[
                          { value: 'g', label: 'g' },
                          { value: 'kg', label: 'kg' },
                        ]}
                        value={draft.weightUnit}
                        onChange={(v) => set('weightUnit', v === 'kg' ? 'kg' : 'g')}
                        allowDeselect={false}
                        w={80}
                      />
                    </Group>
                  ) : null}
                </Group>
                <Textarea
                  label={t('catalogue.fields.description')}
                  autosize
                  minRows={3}
                  value={draft.description}
                  onChange={(e) => set('description', e.currentTarget.value)}
                  error={err('description')}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <PhotoPicker photos={draft.photos} onChange={(photos) => set('photos', photos)} />
                {err('photoIds') ? (
                  <Text size="sm" c="red">
                    {err('photoIds')}
                  </Text>
                ) : null}
                <TextInput
                  label={t('catalogue.fields.sku')}
                  value={draft.sku}
                  onChange={(e) => set('sku', e.currentTarget.value)}
                  error={err('sku')}
                />
                <TextInput
                  label={t('catalogue.fields.website')}
                  placeholder="https://"
                  value={draft.website}
                  onChange={(e) => set('website', e.currentTarget.value)}
                  error={err('website')}
                />
                <Switch
                  label={t('catalogue.fields.active')}
                  description={t('catalogue.activeHint')}
                  checked={draft.active}
                  onChange={(e) => set('active', e.currentTarget.checked)}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={12}>
            <Paper withBorder p="md" radius="md">
              <VariantGroupsEditor
                draft={draft}
                problems={problems}
                onChange={(groups) => set('variantGroups', groups)}
              />
            </Paper>
          </Grid.Col>
        </Grid>
        {save.error ? (
          <Alert color="red" mt="md">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" component={Link} to="/product/list">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
