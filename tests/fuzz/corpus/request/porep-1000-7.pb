
porep-1000-7€ R@{"SectorNum":7,"Phase1Out":"eyJyZWdpc3RlcmVkX3Byb29mIjoiU3RhY2tl ¨è