import BLECore
