import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Alert, Dialog, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

/** The Shape Detection API's barcode detector (Chromium on Android and macOS, Safari): not in TypeScript's DOM library. */
interface BarcodeDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new (options?: { formats: string[] }) => BarcodeDetector;
const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** How often a frame of the camera is looked at. */
const FRAME_MS = 250;

/** The back camera's picture, read until a code shows; `onCode` gets it and the dialog closes. */
const CameraDialog = ({ detector, onCode, onClose }: { detector: BarcodeDetectorClass; onCode: (code: string) => void; onClose: () => void }) => {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const reader = new detector({ formats: ['code_128', 'qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const [found] = await reader.detect(video.current).catch(() => []);
      if (found?.rawValue) {
        onCode(found.rawValue);
        onClose();
      } else if (!stopped) {
        timer = window.setTimeout(look, FRAME_MS);
      }
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then(async (opened) => {
      stream = opened;
      if (stopped || !video.current) return;
      video.current.srcObject = opened;
      await video.current.play();
      void look();
    }).catch(() => setFailed(true));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [detector, onCode, onClose]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('scan.camera_title')}</DialogTitle>
      <DialogContent>
        {failed
          ? <Alert severity="error">{translate('scan.camera_failed')}</Alert>
          : <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 4 }} />}
      </DialogContent>
    </Dialog>
  );
};

/**
 * Scans with the phone's camera where the browser has a barcode detector; where it has none the
 * button is not there at all (a handheld scanner or typing still works).
 */
export const CameraScanButton = ({ onCode }: { onCode: (code: string) => void }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!Detector) return null;
  return (
    <>
      <Tooltip title={translate('scan.camera')}>
        <IconButton aria-label={translate('scan.camera')} onClick={() => setOpen(true)} data-testid="camera-scan" edge="end">
          <PhotoCameraIcon />
        </IconButton>
      </Tooltip>
      {open && <CameraDialog detector={Detector} onCode={onCode} onClose={() => setOpen(false)} />}
    </>
  );
};
