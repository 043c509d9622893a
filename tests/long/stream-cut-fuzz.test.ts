import { defineStreamCutFuzz } from '../hardening/stream-cut-fuzz';

defineStreamCutFuzz('all');
