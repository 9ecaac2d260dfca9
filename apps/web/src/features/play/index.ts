export { PlayBar, PlayStartButton, PlayWaiting, usePlayMode } from './PlayControl';
