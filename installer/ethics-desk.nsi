; The Windows installer of Ethics Desk (NSIS 3; compiled in CI on Linux by Debian's makensis).
;
;   python installer/make_installer.py dist/EthicsDesk
;
; The /D defines come from installer/bundle.py: python installer/make_installer.py BUNDLE passes
; them. Per-user by default, without administrator rights, into
; %LOCALAPPDATA%\Programs\Ethics Desk; per-machine for IT (/AllUsers, or the choice on the first
; page when run as an administrator), into %ProgramFiles%\Ethics Desk. A Start-menu shortcut to
; the windowed EthicsDesk.exe; the uninstaller is listed in Apps & features. Installing a newer
; version over an older one replaces the program folder only.
;
; The records are never the installer's: the database and its backups live in the user's data
; folder (%LOCALAPPDATA%\EthicsDesk) or on the office's server, and neither installing,
; upgrading nor uninstalling touches them. The machine-wide database address
; (%ProgramData%\EthicsDesk\ethics-desk.ini, read by ethics_desk/storage/location.py) is
; written with /DB=ADDRESS in a per-machine install; an address holding a password is refused
; (every account can read that file; the desks sign in to the server with Windows
; authentication or pgpass.conf). Uninstalling leaves it: it is IT's.
;
; Silent, for IT:  EthicsDesk-VERSION-setup.exe /S /AllUsers /DB=postgresql+psycopg://ethics_desk@dbserver/ethics
; Signing: makensis /DSIGN_COMMAND="…" signs the installer and the uninstaller (docs/it/installing.md).

; A 32-bit Unicode installer (it runs on every Windows; the program it installs is 64-bit), or
; another target given by make_installer.py --target (amd64-unicode: CI's Wine stage where the
; machine cannot run 32-bit programs).
!ifdef TARGET
  Target ${TARGET}
!else
  Unicode true
!endif
ManifestDPIAware true
!ifdef FAST
  SetCompressor zlib  ; CI's check: quicker, larger
!else
  SetCompressor /SOLID lzma
!endif

!ifndef PRODUCT | VERSION | VERSION4 | COMPANY | GUI_EXE | CONSOLE_EXE | BUNDLE | FOLDER
  !error "Give the build's identity: run python installer/make_installer.py BUNDLE (it passes /DPRODUCT=… from installer/bundle.py)"
!endif
!ifndef OUTFILE
  !define OUTFILE "dist\${FOLDER}-${VERSION}-setup.exe"
!endif
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${FOLDER}"
!define SETTINGS_KEY "Software\${COMPANY}\${PRODUCT}"
!define UNINSTALLER "Uninstall ${PRODUCT}.exe"
!define MACHINE_SETTINGS "ethics-desk.ini"

Name "${PRODUCT}"
OutFile "${OUTFILE}"
BrandingText "${PRODUCT} ${VERSION}"

VIProductVersion "${VERSION4}"
VIFileVersion "${VERSION4}"
VIAddVersionKey /LANG=1033 "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=1033 "CompanyName" "${COMPANY}"
VIAddVersionKey /LANG=1033 "FileDescription" "${PRODUCT} ${VERSION} installer"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION4}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "${COMPANY}"

!ifdef SIGN_COMMAND
  !finalize '${SIGN_COMMAND} "%1"'
  !uninstfinalize '${SIGN_COMMAND} "%1"'
!endif

; Per-user unless IT asks for every user.
!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_INSTALLMODE_DEFAULT_CURRENTUSER
!define MULTIUSER_INSTALLMODE_INSTDIR "${PRODUCT}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${SETTINGS_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!define MULTIUSER_USE_PROGRAMFILES64
!include MultiUser.nsh
!include MUI2.nsh
!include FileFunc.nsh
!include LogicLib.nsh
!include StrFunc.nsh

!define MUI_ICON "${__FILEDIR__}\ethics-desk.ico"
!define MUI_UNICON "${__FILEDIR__}\ethics-desk.ico"
!define MUI_ABORTWARNING
; No "Start Ethics Desk" on the last page: an installer run as an administrator would start it
; as the administrator, with the administrator's data folder.

!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Var DatabaseAddress

; Whether $0 holds a password (user:password@ or ?password=): sets $1 to 1 if so.
!macro _HasPassword
  StrCpy $1 0
  ${StrStr} $2 $0 "password="
  ${If} $2 != ""
    StrCpy $1 1
  ${Else}
    ${StrStr} $2 $0 "://"
    ${If} $2 != ""
      StrCpy $2 $2 "" 3
      ${StrStr} $3 $2 "@"
      ${If} $3 != ""
        StrLen $4 $2
        StrLen $5 $3
        IntOp $4 $4 - $5
        StrCpy $6 $2 $4
        ${StrStr} $7 $6 ":"
        ${If} $7 != ""
          StrCpy $1 1
        ${EndIf}
      ${EndIf}
    ${EndIf}
  ${EndIf}
!macroend

Function .onInit
  !insertmacro MULTIUSER_INIT
  ${GetParameters} $R0
  ; /DB=ADDRESS, read by hand: GetOptions ends an option's value at the next "/", which cut
  ; every address ("postgresql+psycopg://…") to "postgresql+psycopg:". The value runs to the
  ; next space (an address has none); a quoted "/DB=…" loses its closing quote.
  StrCpy $DatabaseAddress ""
  ${StrStr} $0 $R0 "/DB="
  ${If} $0 != ""
    StrCpy $0 $0 "" 4
    ${StrStr} $1 $0 " "
    ${If} $1 != ""
      StrLen $2 $0
      StrLen $3 $1
      IntOp $2 $2 - $3
      StrCpy $0 $0 $2
    ${EndIf}
    StrCpy $1 $0 1 -1
    ${If} $1 == '"'
      StrCpy $0 $0 -1
    ${EndIf}
    StrCpy $DatabaseAddress $0
  ${EndIf}
  ${If} $DatabaseAddress != ""
    StrCpy $0 $DatabaseAddress
    !insertmacro _HasPassword
    ${If} $1 == 1
      MessageBox MB_ICONSTOP "The database address given with /DB= contains a password, which every account on the computer could read.$\r$\nGive the address without the password; the desks sign in to the server with Windows authentication (SSPI) or pgpass.conf." /SD IDOK
      SetErrorLevel 2
      Quit
    ${EndIf}
    ${If} $MultiUser.InstallMode != "AllUsers"
      MessageBox MB_ICONSTOP "/DB= sets the database address for every user of the computer: install for all users (/AllUsers, as an administrator)." /SD IDOK
      SetErrorLevel 2
      Quit
    ${EndIf}
  ${EndIf}
FunctionEnd

Function un.onInit
  !insertmacro MULTIUSER_UNINIT
FunctionEnd

Section "${PRODUCT}" SecProgram
  SectionIn RO
  ; An upgrade: the old program files go, so none of them lingers beside the new ones. (The
  ; records are not here: see the top of this script.)
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${GUI_EXE}"
  Delete "$INSTDIR\${CONSOLE_EXE}"

  SetOutPath "$INSTDIR"
  File /r "${BUNDLE}\*"
  WriteUninstaller "$INSTDIR\${UNINSTALLER}"

  CreateShortcut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${GUI_EXE}" 0

  WriteRegStr SHCTX "${SETTINGS_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "Publisher" "${COMPANY}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${GUI_EXE},0"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\${UNINSTALLER}" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\${UNINSTALLER}" /S /$MultiUser.InstallMode'
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "EstimatedSize" "$0"

  ; The office's database address for every desk of this computer (a per-machine install:
  ; the shell context is "all users", so $APPDATA is %ProgramData%).
  ${If} $DatabaseAddress != ""
    CreateDirectory "$APPDATA\${FOLDER}"
    WriteINIStr "$APPDATA\${FOLDER}\${MACHINE_SETTINGS}" "database" "address" "$DatabaseAddress"
  ${EndIf}
SectionEnd

Section "Uninstall"
  ; Only the program: never the records (the data folder, the backups, the server), nor the
  ; machine-wide database address IT set.
  Delete "$SMPROGRAMS\${PRODUCT}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${GUI_EXE}"
  Delete "$INSTDIR\${CONSOLE_EXE}"
  Delete "$INSTDIR\${UNINSTALLER}"
  RMDir "$INSTDIR"
  DeleteRegKey SHCTX "${UNINSTALL_KEY}"
  DeleteRegKey SHCTX "${SETTINGS_KEY}"
  DeleteRegKey /ifempty SHCTX "Software\${COMPANY}"
SectionEnd
