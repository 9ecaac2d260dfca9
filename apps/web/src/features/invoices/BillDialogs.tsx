import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Bill, PAYMENT_PROOF_MAX_BYTES, type PaymentMethodCode } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah, PaymentMethodRadios, usePaymentMethods } from '../payments';
import { uploadProof, useAnswerBill, usePayBill } from './api';

/** 001 §2 usage confirmation: sign the acceptance certificate (BAST) in a signer's name, or reject it. */
export function ConfirmUsageDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerBill();
  const [mode, setMode] = useState<'APPROVED' | 'REJECTED'>('APPROVED');
  const [signerName, setSignerName] = useState('');
  const [signerTitle, setSignerTitle] = useState('');
  const [agree, setAgree] = useState(false);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body =
      mode === 'APPROVED'
        ? { statusApproval: 'APPROVED' as const, signerName, signerTitle, agree: agree as true }
        : { statusApproval: 'REJECTED' as const, reason };
    answer.mutate({ id: bill.id, body }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t('finance.confirmTitle', { period: bill.period })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {bill.lines.map((l) => (
            <Group key={l.kind} justify="space-between">
              <Text size="sm">{l.description}</Text>
              <Text size="sm">{formatRupiah(l.amount, i18n.language)}</Text>
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700}>{t('finance.total')}</Text>
            <Text fw={700}>{formatRupiah(bill.total, i18n.language)}</Text>
          </Group>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as typeof mode)}
            data={[
              { value: 'APPROVED', label: t('finance.approve') },
              { value: 'REJECTED', label: t('finance.reject') },
            ]}
          />
          {mode === 'APPROVED' ? (
            <>
              <TextInput
                label={t('finance.signerName')}
                value={signerName}
                onChange={(e) => setSignerName(e.currentTarget.value)}
                required
              />
              <TextInput
                label={t('finance.signerTitle')}
                value={signerTitle}
                onChange={(e) => setSignerTitle(e.currentTarget.value)}
              />
              <Checkbox
                label={t('finance.agreement')}
                checked={agree}
                onChange={(e) => setAgree(e.currentTarget.checked)}
              />
            </>
          ) : (
            <Textarea
              label={t('finance.reason')}
              description={t('finance.reasonHint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              minRows={3}
              required
            />
          )}
          {answer.error && (
            <Alert color="red" role="alert">
              {errorMessage(answer.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={answer.isPending}
              disabled={
                mode === 'APPROVED' ? !agree || signerName.trim().length < 2 : reason.trim().length < 5
              }
            >
              {mode === 'APPROVED' ? t('finance.signBast') : t('finance.sendRejection')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 001 §2 payment dialog: through the gateway (a method, then its payment page) or an uploaded proof (≤ 2 MB). */
export function PayBillDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState<'gateway' | 'proof'>('gateway');
  const methods = usePaymentMethods(by === 'gateway');
  const pay = usePayBill();
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const tooLarge = file !== null && file.size > PAYMENT_PROOF_MAX_BYTES;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUploadError(null);
    if (by === 'gateway' && method) {
      pay.mutate(
        { id: bill.id, body: { method } },
        {
          onSuccess: (paid) => {
            if (paid.checkoutUrl) window.open(paid.checkoutUrl, '_blank', 'noopener');
            onClose();
          },
        },
      );
      return;
    }
    if (!file || tooLarge) return;
    setUploading(true);
    try {
      const fileId = await uploadProof(file);
      pay.mutate({ id: bill.id, body: { urlPaymentProof: fileId } }, { onSuccess: onClose });
    } catch (err) {
      setUploadError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };
  const error = uploadError ?? (pay.error ? errorMessage(pay.error) : null);
  return (
    <Modal opened onClose={onClose} title={t('finance.payTitle', { number: bill.number })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fw={700}>{formatRupiah(bill.total, i18n.language)}</Text>
          <SegmentedControl
            value={by}
            onChange={(v) => setBy(v as typeof by)}
            data={[
              { value: 'gateway', label: t('finance.byGateway') },
              { value: 'proof', label: t('finance.byProof') },
            ]}
          />
          {by === 'gateway' ? (
            <QueryState query={methods} loading={<SkeletonRows count={3} height={28} />}>
              {(list) => <PaymentMethodRadios methods={list} value={method} onChange={setMethod} />}
            </QueryState>
          ) : (
            <FileInput
              label={t('finance.proof')}
              description={t('finance.proofHint')}
              accept="image/jpeg,image/png,application/pdf"
              value={file}
              onChange={setFile}
              error={tooLarge ? t('finance.proofTooLarge') : undefined}
              clearable
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={pay.isPending || uploading}
              disabled={by === 'gateway' ? !method : !file || tooLarge}
            >
              {by === 'gateway' ? t('finance.payNow') : t('finance.sendProof')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
